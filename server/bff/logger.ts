import type { FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { logSafePath, MASK, SECRET_TAIL_AFTER } from '../common/log-safe-path.ts';

/** Keys whose values never reach the log, wherever they sit in a logged object. */
const SECRET_KEYS = [
  'password',
  'confirmPassword',
  'oldPassword',
  'currentPassword',
  'newPassword',
  'otp',
  'token',
  'tempId',
  'memberToken',
  'accessToken',
  'idToken',
  'refreshToken',
  'captchaVerify',
  'registrationProof',
  'authorization',
  'cookie',
  'set-cookie',
  'x-service-key',
  // OAuth and OpenID Connect parameters (the provider's requests and the sites' tokens).
  'client_secret',
  'code_verifier',
  'access_token',
  'refresh_token',
  'id_token',
  'id_token_hint',
  'logout_token',
];

const DEPTHS = ['', '*.', '*.*.', '*.*.*.', '*.*.*.*.'];

/** pino redact paths for a key at the top level and up to four levels down (hyphenated keys in brackets). */
function pathsOf(key: string): string[] {
  const hyphenated = key.includes('-');
  return DEPTHS.map((prefix) => (hyphenated ? (prefix === '' ? key : `${prefix.slice(0, -1)}["${key}"]`) : `${prefix}${key}`));
}

const SECRET_PATHS = [
  ...SECRET_KEYS.flatMap(pathsOf),
  // `code` also names error codes, which the log should keep: only codes inside bodies are secret.
  'body.code',
  '*.body.code',
  '*.*.body.code',
];

const SECRET_TAIL_IN_TEXT = new RegExp(`(${[...SECRET_TAIL_AFTER].join('|')})(?:/|%2f)[^\\s'"]*`, 'gi');
const QUERY_IN_TEXT = /\?[^\s'"]+/g;

/** Free text (messages, stack traces) with token paths and query strings masked the same way. */
function logSafeText(text: string): string {
  return text.replace(SECRET_TAIL_IN_TEXT, `$1/${MASK}`).replace(QUERY_IN_TEXT, `?${MASK}`);
}

/** A matched route with parameters is logged by its pattern: its parameters never reach the log. */
function requestPath(request: FastifyRequest): string {
  let pattern: string | undefined;
  try {
    pattern = request.routeOptions.url;
  } catch {
    // Requests refused before routing (a malformed URL) have no route.
  }
  return pattern?.includes(':') ? pattern : logSafePath(request.url);
}

function maskStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return logSafeText(value);
  if (depth > 4 || typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskStrings(inner, depth + 1)]));
}

type SerializedError = ReturnType<typeof pino.stdSerializers.err>;

function errorForLog(error: Error): SerializedError {
  return maskStrings(pino.stdSerializers.err(error)) as SerializedError;
}

interface UpstreamLogEntry {
  path?: string;
  [key: string]: unknown;
}

/**
 * pino options of the BFF: secrets redacted by key, and request lines, upstream paths, error
 * messages and log messages passed through the same masking of token paths and queries.
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: SECRET_PATHS, censor: MASK },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: requestPath(request), remoteAddress: request.ip };
      },
      err: errorForLog,
      upstream(entry: UpstreamLogEntry) {
        return entry.path === undefined ? entry : { ...entry, path: logSafePath(entry.path) };
      },
    },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? logSafeText(arg) : arg)),
        );
      },
    },
  };
}

/**
 * The one log line of a response: the request (its path masked by the req serializer), the
 * status and the time it took. Fastify's own pair of lines per request is switched off (app.ts).
 */
export async function logResponse(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
}
