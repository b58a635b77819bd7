import { connect } from 'node:net';

export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes of the request that had been written when the server closed the connection. */
  bytesSent: number;
}

/**
 * Writes a request byte for byte as given, on its own connection (no client library to
 * normalise or complete it), and reads until the server closes. `trickle` is sent one byte
 * every `everyMs` after `head`, as a slow client does.
 */
export function rawExchange(url: string, head: string, options: { trickle?: string; everyMs?: number } = {}): Promise<RawReply> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let bytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    const send = (text: string) => {
      if (socket.destroyed || text === '') return;
      socket.write(text);
      bytesSent += Buffer.byteLength(text);
    };
    socket.on('connect', () => {
      send(head);
      const trickle = options.trickle ?? '';
      let next = 0;
      if (trickle !== '') {
        timer = setInterval(() => {
          if (next < trickle.length) send(trickle[next++]!);
        }, options.everyMs ?? 1000);
      }
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearInterval(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [headerPart = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...headerLines] = headerPart.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body, bytesSent });
    });
  });
}
