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
  'memberToken',
  'accessToken',
  'idToken',
  'refreshToken',
  'captchaVerify',
  'authorization',
  'cookie',
  'set-cookie',
  'x-service-key',
];

const SECRET_PATHS = SECRET_KEYS.flatMap((key) => {
  const safe = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const join = (prefix: string) => (safe.startsWith('[') ? `${prefix}${safe}` : `${prefix}.${safe}`);
  return [safe.startsWith('[') ? key : safe, join('*'), join('*.*'), join('*.*.*'), join('*.*.*.*')];
});
// `code` is also the name of error codes, which the log should keep: only codes inside bodies are secret.
SECRET_PATHS.push('body.code', '*.body.code', '*.*.body.code');

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
