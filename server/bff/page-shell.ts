import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Negotiator } from '@fastify/accept-negotiator';
import { isLanguage } from '../../shared/languages.ts';

type ShellEncoding = 'br' | 'gzip';

export interface PageShell {
  html: Buffer;
  encoding?: ShellEncoding;
}

/** The build writes `.br` and `.gz` beside every text file (scripts/precompress.ts). */
const encodings = new Negotiator<ShellEncoding>({ supportedValues: ['br', 'gzip'] });
const extensionOf: Record<ShellEncoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The files that may hold a page's shell, best first (scripts/build-client.ts): the screen
 * rendered at build time (only for the screen's own address, written as the client writes it
 * and without query: anything else may draw another screen),
 * the shell of the screen's group in the page's language, that language's login shell, the
 * English one. Any other first segment is not a language, and the client turns it into English.
 */
function shellFiles(clientDir: string, url: string): string[] {
  const [urlPath = '', query] = url.split('?');
  const [, first = '', second = ''] = urlPath.toLowerCase().split('/');
  const files: string[] = [];
  if (isLanguage(first)) {
    if (/^[a-z0-9-]+$/.test(second)) {
      if (query === undefined && urlPath === `/${first}/${second}`)
        files.push(join(clientDir, 'shells', first, `${second}.prerendered.html`));
      files.push(join(clientDir, 'shells', first, `${second}.html`));
    }
    files.push(join(clientDir, 'shells', first, 'index.html'));
  }
  files.push(join(clientDir, 'index.html'));
  return files;
}

/**
 * The shell for a page address (path and query) in the best encoding the browser accepts; a
 * build without variants or per-language shells still serves what it has. Rejects when
 * nothing is built.
 */
export async function readPageShell(clientDir: string, url: string, acceptEncoding: string | undefined): Promise<PageShell> {
  const encoding = acceptEncoding ? (encodings.negotiate(acceptEncoding) ?? undefined) : undefined;
  for (const file of shellFiles(clientDir, url)) {
    if (encoding) {
      try {
        return { html: await readFile(file + extensionOf[encoding]), encoding };
      } catch {
        // No variant: the plain file below.
      }
    }
    try {
      return { html: await readFile(file) };
    } catch {
      // Not built: the next candidate.
    }
  }
  throw new Error('the client has not been built');
}
