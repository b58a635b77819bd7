import type { FastifyRequest } from 'fastify';

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

/**
 * pino options of the BFF. Request lines carry the path without its query string, since
 * queries may hold callback URLs with tickets or tokens.
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: SECRET_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: request.url.split('?')[0],
          remoteAddress: request.ip,
        };
      },
    },
  };
}
