import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

export interface SecurityHeadersOptions {
  /** HSTS and upgrade-insecure-requests only make sense when the portal is served over https. */
  https: boolean;
  /** Third-party origins whose scripts and frames the pages use (captcha widgets). */
  widgetOrigins?: string[];
}

/** Security headers on every reply, with a Content-Security-Policy that allows only the portal's own files. */
export default fp(
  async function securityHeaders(app, options: SecurityHeadersOptions) {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(options.widgetOrigins ?? [])],
          frameSrc: ["'self'", ...(options.widgetOrigins ?? [])],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(options.https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'portal-security-headers' },
);
