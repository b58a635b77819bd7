/**
 * Span URLs as the log shows them (server/bff/logger.ts): no query (callback URLs, tickets,
 * codes) and the segments after a token-carrying page masked, so no live secret leaves the
 * process in a span. Applied to every span as it starts and again as it ends, whichever
 * instrumentation set the URL.
 */
import type { Attributes } from '@opentelemetry/api';
import { logSafePath } from './log-safe-path.ts';

const PATH_ATTRIBUTES = ['http.target', 'url.path'];
const URL_ATTRIBUTES = ['http.url', 'url.full'];
const QUERY_ATTRIBUTES = ['url.query'];

function safeUrl(value: string): string {
  try {
    const url = new URL(value);
    return url.origin + logSafePath(url.pathname);
  } catch {
    return logSafePath(value);
  }
}

interface WritableSpan {
  readonly attributes: Attributes;
  setAttribute(key: string, value: string): unknown;
}

function mask(span: WritableSpan): void {
  for (const key of PATH_ATTRIBUTES)
    if (typeof span.attributes[key] === 'string') span.setAttribute(key, logSafePath(span.attributes[key]));
  for (const key of URL_ATTRIBUTES) if (typeof span.attributes[key] === 'string') span.setAttribute(key, safeUrl(span.attributes[key]));
  for (const key of QUERY_ATTRIBUTES) if (typeof span.attributes[key] === 'string') span.setAttribute(key, '[redacted]');
}

/** A span processor that masks URLs; put it before the exporting one. */
export const urlMasking = {
  onStart: mask,
  onEnding: mask,
  onEnd() {},
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};
