import type { FastifyRequest } from 'fastify';
import { isLanguage, negotiateLanguage, type Language } from '../../shared/languages.ts';

/** The language tags of an Accept-Language header, in the order given. */
export function acceptedLanguages(acceptLanguage: string | undefined): string[] {
  return (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export function languageFromHeader(acceptLanguage: string | undefined): Language {
  return negotiateLanguage(acceptedLanguages(acceptLanguage));
}

/** The portal language of a request: an explicit `lang` (body or query) first, then Accept-Language. */
export function requestLanguage(request: FastifyRequest, explicit?: unknown): Language {
  const query = request.query as Record<string, unknown> | undefined;
  for (const candidate of [explicit, query?.lang]) {
    const lower = typeof candidate === 'string' ? candidate.toLowerCase() : undefined;
    if (isLanguage(lower)) return lower;
  }
  return languageFromHeader(request.headers['accept-language']);
}

/** A query parameter read case-insensitively, first occurrence winning (spec section 2). */
export function queryParam(request: FastifyRequest, name: string): string | undefined {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(query)) {
    if (key.toLowerCase() !== wanted) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first : undefined;
  }
  return undefined;
}
