import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../shared/schemas/reply.ts';
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

const STATUS_OF: Record<string, number> = { ERR_HTTP_REQUEST_TIMEOUT: 408, HPE_HEADER_OVERFLOW: 431 };

/**
 * Fastify's `clientErrorHandler`, for what Node refuses on the socket before there is a request
 * (a deadline passed, a malformed request, headers too large): the envelope and the portal's
 * headers instead of Node's bare reply. Only the error code is logged: the error may hold the
 * raw request, cookies and tokens included.
 */
export function clientErrorReply(securityHeaders: Readonly<Record<string, string>>) {
  const headerLines = Object.entries(securityHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function (this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = STATUS_OF[error.code ?? ''] ?? 400;
    this.log.info({ clientError: error.code, status }, 'client error');
    // As Node does: never write into a response already under way on this socket.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const body = JSON.stringify(fail(codeForStatus(status)));
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          'connection: close\r\n' +
          'content-type: application/json; charset=utf-8\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\n` +
          'cache-control: no-store\r\n' +
          headerLines +
          `\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
