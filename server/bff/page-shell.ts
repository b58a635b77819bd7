import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { Negotiator } from '@fastify/accept-negotiator';
import type { Language } from '../../shared/languages.ts';

type ShellEncoding = 'br' | 'gzip';

export interface PageShell {
  html: Buffer;
  encoding?: ShellEncoding;
}

/** One shell file as built, plain and in the encodings written beside it (scripts/precompress.ts). */
type ShellVariants = Partial<Record<'plain' | ShellEncoding, Buffer>>;

/** Every shell of a build, by its path relative to the client folder ('shells/en/login.html'). */
export type PageShells = ReadonlyMap<string, ShellVariants>;

const encodings = new Negotiator<ShellEncoding>({ supportedValues: ['br', 'gzip'] });
const ENCODING_OF_EXTENSION: Record<string, ShellEncoding> = { '.br': 'br', '.gz': 'gzip' };

/**
 * Reads every page shell of a build into memory, once: a page is then answered without touching
 * the disk. Empty when nothing is built.
 */
export async function loadPageShells(clientDir: string): Promise<PageShells> {
  const shells = new Map<string, ShellVariants>();
  const files = [join(clientDir, 'index.html'), join(clientDir, 'index.html.br'), join(clientDir, 'index.html.gz')];
  const entries = await readdir(join(clientDir, 'shells'), { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) if (entry.isFile()) files.push(join(entry.parentPath, entry.name));
  for (const file of files) {
    const html = await readFile(file).catch(() => undefined);
    if (!html) continue;
    const name = relative(clientDir, file).split(sep).join('/');
    const encoding = ENCODING_OF_EXTENSION[name.slice(name.lastIndexOf('.'))];
    const key = encoding ? name.slice(0, name.lastIndexOf('.')) : name;
    shells.set(key, { ...shells.get(key), [encoding ?? 'plain']: html });
  }
  return shells;
}

/**
 * A query parameter that changes what the first screen draws (`pass` picks a site's brand,
 * its logo and footer): the screen drawn at build time would be drawn again, so such an
 * address gets the app's shell. Every other query (a company site's `callbackurl`) keeps it.
 */
const REDRAWING_QUERY = /(?:^|&)pass=/i;

/**
 * The shells that may answer a page address, best first (scripts/build-client.ts): the screen
 * drawn at build time (only for the screen's own address, written as the client writes it),
 * the shell of the screen's group in the page's language, that language's login shell, the
 * English one.
 */
function candidates(url: string, lang: Language | undefined): string[] {
  const [urlPath = '', query = ''] = url.split('?');
  const [, , second = ''] = urlPath.toLowerCase().split('/');
  const names: string[] = [];
  if (lang) {
    if (/^[a-z0-9-]+$/.test(second)) {
      if (urlPath === `/${lang}/${second}` && !REDRAWING_QUERY.test(query)) names.push(`shells/${lang}/${second}.prerendered.html`);
      names.push(`shells/${lang}/${second}.html`);
    }
    names.push(`shells/${lang}/index.html`);
  }
  names.push('index.html');
  return names;
}

/** The shell of the not-found screen in a language, or the login shell, which draws it as well. */
function notFoundCandidates(lang: Language): string[] {
  return [`shells/${lang}/not-found.html`, `shells/${lang}/index.html`, 'index.html'];
}

/**
 * The shell for a page address (path and query) in the language of its first segment, or for
 * the not-found screen in a language, in the best encoding the browser accepts. A build without
 * variants or per-language shells still serves what it has; undefined when nothing is built.
 */
export function pickPageShell(
  shells: PageShells,
  page: { url: string; lang: Language | undefined } | { notFound: Language },
  acceptEncoding: string | undefined,
): PageShell | undefined {
  const encoding = acceptEncoding ? (encodings.negotiate(acceptEncoding) ?? undefined) : undefined;
  for (const name of 'notFound' in page ? notFoundCandidates(page.notFound) : candidates(page.url, page.lang)) {
    const variants = shells.get(name);
    if (!variants) continue;
    const encoded = encoding && variants[encoding];
    if (encoded) return { html: encoded, encoding };
    if (variants.plain) return { html: variants.plain };
  }
  return undefined;
}
