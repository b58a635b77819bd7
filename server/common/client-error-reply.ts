import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ReplyCode } from '../../shared/codes.ts';
import { fail } from '../../shared/schemas/reply.ts';

export interface ClientErrorReplyOptions {
  /** Headers every reply of the server carries (the portal's security headers; none for the member service). */
  headers: Readonly<Record<string, string>>;
  /** The reply code for a status. */
  codeFor(status: number): ReplyCode;
}

const STATUS_OF: Record<string, number> = { ERR_HTTP_REQUEST_TIMEOUT: 408, HPE_HEADER_OVERFLOW: 431 };

/** Node hands over the bytes read so far; a HEAD request gets no body, as HTTP wants (a client would read it as the next reply). */
function isHead(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): boolean {
  return error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
}

/**
 * Fastify's `clientErrorHandler`, for what Node refuses on the socket before there is a request
 * (a deadline passed, a malformed request, headers too large): the reply envelope and the
 * server's headers instead of Node's bare reply. Only the error code is logged: the error may
 * hold the raw request, cookies and tokens included.
 */
export function clientErrorReply(options: ClientErrorReplyOptions) {
  const headerLines = Object.entries(options.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function (this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = STATUS_OF[error.code ?? ''] ?? 400;
    this.log.info({ clientError: error.code, status }, 'client error');
    // As Node does: never write into a response already under way on this socket.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const body = JSON.stringify(fail(options.codeFor(status)));
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          'connection: close\r\n' +
          'content-type: application/json; charset=utf-8\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\n` +
          'cache-control: no-store\r\n' +
          headerLines +
          `\r\n${isHead(error) ? '' : body}`,
      );
    }
    socket.destroy(error);
  };
}
