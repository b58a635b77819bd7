import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLanguage, languageOfSegment } from '../../../shared/languages.ts';
import { PAGE_SEGMENTS, SCREEN_GROUPS } from '../../../shared/screen-groups.ts';
import { fail } from '../../../shared/schemas/reply.ts';
import { loadPageShells, pickPageShell } from '../page-shell.ts';
import type { BrandConfig } from '../brand/brand-config.ts';
import { brandStylesheet } from '../brand/brand-colours.ts';
import { BRAND_STYLESHEET_PATH, brandShells } from '../brand/brand-shells.ts';
import { acceptedLanguages, languageFromHeader } from '../request-language.ts';

interface StaticClientOptions {
  clientDir: string;
  /** The company's name, logo and colour, put into every page shell once, as they are read. */
  brand?: BrandConfig;
}

/**
 * Sign-in, registration and the password pages may be found by search engines; a member's own
 * pages and the one-time link pages may not (they also say noindex in their shells).
 */
const ROBOTS = [
  'User-agent: *',
  'Disallow: /api/',
  ...[
    ...SCREEN_GROUPS.member,
    'auth',
    'not-me',
    'notice-password-unchanged',
    'referer',
    'social-login',
    'logout',
    'redirect-page',
    'error',
  ].map((segment) => `Disallow: /*/${segment}`),
  '',
].join('\n');

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

    // Read once, at start; a portal started before its client was built reads them when asked.
    const brand = options.brand ?? {};
    const load = async () => brandShells(await loadPageShells(options.clientDir), brand);
    let shells = await load();
    const shellFor = async (page: Parameters<typeof pickPageShell>[1], acceptEncoding: string | undefined) => {
      if (shells.size === 0) shells = await load();
      return pickPageShell(shells, page, acceptEncoding);
    };

    async function sendShell(request: FastifyRequest, reply: FastifyReply, page: Parameters<typeof pickPageShell>[1], status = 200) {
      const shell = await shellFor(page, request.headers['accept-encoding']);
      if (!shell) {
        request.log.warn({ clientDir: options.clientDir }, 'client build missing');
        return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT);
      }
      if (shell.encoding) reply.header('content-encoding', shell.encoding);
      return reply
        .code(status)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(shell.html);
    }

    app.get('/', async (request, reply) => {
      const lang = languageFromHeader(request.headers['accept-language']);
      const query = request.url.indexOf('?');
      return reply.redirect(`/${lang}/login${query === -1 ? '' : request.url.slice(query)}`, 302);
    });

    if (brand.color) {
      const stylesheet = brandStylesheet(brand.color);
      app.get(BRAND_STYLESHEET_PATH, async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=300').type('text/css; charset=utf-8').send(stylesheet),
      );
    }

    app.get('/robots.txt', async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(ROBOTS),
    );

    app.setNotFoundHandler(async (request, reply) => {
      const queryAt = request.url.indexOf('?');
      const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
      const query = queryAt === -1 ? '' : request.url.slice(queryAt);
      if (path.startsWith('/api/') || path === '/api') {
        return reply.code(404).send(fail('NotFound'));
      }
      const readable = request.method === 'GET' || request.method === 'HEAD';
      const browserLanguage = languageFromHeader(request.headers['accept-language']);
      const [, rawFirst = '', second = ''] = path.split('/');
      const first = rawFirst.toLowerCase();
      if (!readable) return reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found\n');
      if (isLanguage(first)) {
        // The client's screens: their first segment after the language (deeper unknown paths are
        // the client's not-found screen); '/{lang}' alone goes on to login.
        if (second === '' || PAGE_SEGMENTS.has(second.toLowerCase())) return sendShell(request, reply, { url: request.url, lang: first });
        return sendShell(request, reply, { notFound: first }, 404);
      }
      // A screen's address without a language (a link such as /register?CallBackURL=…): the
      // screen in the browser's language, as for '/'.
      if (PAGE_SEGMENTS.has(first)) return reply.redirect(`/${browserLanguage}${request.url}`, 302);
      // A bare or foreign language code (/es/, /ja/login, /en-US/register): the portal's language.
      const meant = path.startsWith('/assets/')
        ? undefined
        : languageOfSegment(rawFirst, acceptedLanguages(request.headers['accept-language']));
      if (meant) return reply.redirect(`/${meant}${path.slice(rawFirst.length + 1)}${query}`, 302);
      return sendShell(request, reply, { notFound: browserLanguage }, 404);
    });
  },
  { name: 'portal-static-client' },
);
