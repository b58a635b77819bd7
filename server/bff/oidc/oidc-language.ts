import type { FastifyRequest } from 'fastify';
import { negotiateLanguage, type Language } from '../../../shared/languages.ts';

/** The screen language of an OpenID Connect request: the site's ui_locales first, then the browser's languages. */
export function oidcLanguage(request: FastifyRequest, uiLocales?: unknown): Language {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.ui_locales;
  const asked = typeof uiLocales === 'string' ? uiLocales : typeof fromQuery === 'string' ? fromQuery : '';
  const browser = (request.headers['accept-language'] ?? '').split(',').map((part) => part.trim());
  return negotiateLanguage([...asked.split(' '), ...browser].filter((tag) => tag !== ''));
}
