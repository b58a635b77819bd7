import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /** HSTS and upgrade-insecure-requests only make sense when the portal is served over https. */
  https: boolean;
  /** Third-party origins whose scripts and frames the pages use (captcha widgets). */
  widgetOrigins?: string[];
  /** Another origin the pages show an image from (the configured brand's logo). */
  imageOrigins?: string[];
}

/**
 * Powerful browser features the portal never asks for, switched off for its pages and for
 * anything they embed. WebAuthn (publickey-credentials-*) stays allowed for passkeys.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

function helmetOptions(options: SecurityHeadersOptions) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.widgetOrigins ?? [])],
        frameSrc: ["'self'", ...(options.widgetOrigins ?? [])],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', ...(options.imageOrigins ?? [])],
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
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    xFrameOptions: { action: 'deny' as const },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The security headers every reply carries, computed once by helmet: they do not depend on the
 * request, so the same set can go on replies Fastify and Node write without the request
 * lifecycle (malformed URLs, timeouts), see server/bff/http-server.ts.
 */
export function securityHeaders(options: SecurityHeadersOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(options))({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return Object.freeze(headers);
}
