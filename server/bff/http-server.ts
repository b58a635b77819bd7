import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { clientErrorReply as envelopeClientErrorReply } from '../common/client-error-reply.ts';
import { codeForStatus } from './plugins/errors.ts';

export interface PortalServerOptions {
  /** A request, body included, must have arrived within this time of its first byte. */
  requestTimeoutMs: number;
  /** The request line and headers must have arrived within this time. */
  headersTimeoutMs: number;
  /** An idle kept-alive connection closes after this time. */
  keepAliveTimeoutMs: number;
  /** Headers every reply carries (plugins/security-headers.ts). */
  headers: Readonly<Record<string, string>>;
}

/** How often Node looks for requests past their deadline; its default (30 s) would double a 30 s limit. */
const DEADLINE_CHECK_MS = 1_000;

/**
 * Fastify's `serverFactory`: a Node HTTP server with deadlines for slow clients, which puts the
 * portal's headers on every response before Fastify sees the request, so that replies Fastify
 * writes outside the request lifecycle (a malformed URL, shutting down) carry them too.
 */
export function portalServerFactory(options: PortalServerOptions) {
  const headers = new Map(Object.entries(options.headers));
  return (handler: (request: IncomingMessage, response: ServerResponse) => void): Server => {
    const server = createServer(
      {
        requestTimeout: options.requestTimeoutMs,
        headersTimeout: options.headersTimeoutMs,
        connectionsCheckingInterval: Math.min(DEADLINE_CHECK_MS, options.headersTimeoutMs),
      },
      (request, response) => {
        response.setHeaders(headers);
        handler(request, response);
      },
    );
    server.keepAliveTimeout = options.keepAliveTimeoutMs;
    return server;
  };
}

/** The portal's reply to what Node refuses before there is a request: the envelope with the portal's headers. */
export function clientErrorReply(securityHeaders: Readonly<Record<string, string>>) {
  return envelopeClientErrorReply({ headers: securityHeaders, codeFor: codeForStatus });
}
