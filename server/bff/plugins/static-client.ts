import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLanguage } from '../../../shared/languages.ts';
import { PAGE_SEGMENTS } from '../../../shared/screen-groups.ts';
import { fail } from '../../../shared/schemas/reply.ts';
import { readPageShell, type PageShell } from '../page-shell.ts';
import { languageFromHeader } from '../request-language.ts';

interface StaticClientOptions {
  clientDir: string;
}

const NOT_BUILT = 'The portal is not available: its client has not been built (run `npm run build`).\n';

/**
 * Serves the built client: hashed files under /assets/ cached for a year, and a page shell
 * (never cached) for every page path so that the client's router decides. Both go in the
 * encoding the browser accepts, compressed at build time.
 */
export default fp(
  async function staticClient(app, options: StaticClientOptions) {
    await app.register(fastifyStatic, {
      root: join(options.clientDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      etag: false,
      lastModified: false,
      preCompressed: true,
      setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
    });

    async function sendShell(request: FastifyRequest, reply: FastifyReply) {
      let shell: PageShell;
      try {
        shell = await readPageShell(options.clientDir, request.url, request.headers['accept-encoding']);
      } catch {
        request.log.warn({ clientDir: options.clientDir }, 'client build missing');
        return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT);
      }
      if (shell.encoding) reply.header('content-encoding', shell.encoding);
      return reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8').send(shell.html);
    }

    app.get('/', async (request, reply) => {
      const lang = languageFromHeader(request.headers['accept-language']);
      const query = request.url.indexOf('?');
      return reply.redirect(`/${lang}/login${query === -1 ? '' : request.url.slice(query)}`, 302);
    });

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith('/api/') || path === '/api') {
        return reply.code(404).send(fail('NotFound'));
      }
      const first = path.split('/')[1]?.toLowerCase() ?? '';
      // A screen's address without a language (a link such as /register?CallBackURL=…): the
      // screen in the browser's language, as for '/'. An unknown locale before a screen
      // (/xx/register) is the client's to replace with en.
      if (PAGE_SEGMENTS.has(first) && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.redirect(`/${languageFromHeader(request.headers['accept-language'])}${request.url}`, 302);
      }
      // Under a language every path is a page; elsewhere a path that looks like a file is not.
      const underLanguage = isLanguage(first);
      const looksLikeFile = path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && (underLanguage || !looksLikeFile);
      if (isPage) return sendShell(request, reply);
      return reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found\n');
    });
  },
  { name: 'portal-static-client' },
);
