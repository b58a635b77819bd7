import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * How the proxy treats the next connections: `pass` forwards them, `down` refuses them (nothing
 * listens), `slow` forwards them only after `slowMs`, `garbage` answers bytes that are not HTTP,
 * `not-json` answers a 200 whose body is not JSON, `cut` sends the headers and half a body, then
 * closes the connection.
 */
export type ProxyMode = 'pass' | 'down' | 'slow' | 'garbage' | 'not-json' | 'cut';

export interface FaultyProxy {
  url: string;
  /** Where `pass` and `slow` forward to (host:port of a real server). */
  target: { host: string; port: number } | undefined;
  /** Switches the mode; connections already open are dropped, as a restarting server would. */
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

const CUT_RESPONSE =
  'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 400\r\n\r\n{"isSuccess":true,"code":"ok","data":{"cou';
const NOT_JSON_RESPONSE =
  'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 15\r\nconnection: close\r\n\r\n{"isSuccess":tr';

/**
 * A TCP proxy on a fixed loopback port that plays a member service failing in the ways a network
 * and a server do. The portal talks to it as to the member service and never knows the difference.
 */
export async function startFaultyProxy(options: { slowMs: number }): Promise<FaultyProxy> {
  let mode: ProxyMode = 'pass';
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const proxy: FaultyProxy = {
    url: '',
    target: undefined,
    async setMode(next) {
      for (const socket of sockets) socket.destroy();
      if (next === 'down' && mode !== 'down') await new Promise<void>((resolve) => server.close(() => resolve()));
      if (next !== 'down' && mode === 'down') await listen(port);
      mode = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (mode !== 'down') await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function forward(client: Socket, delayMs: number) {
    client.pause();
    const open = () => {
      if (client.destroyed || !proxy.target) return client.destroy();
      const upstream = connect(proxy.target.port, proxy.target.host);
      track(upstream);
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
      client.resume();
    };
    if (delayMs > 0) setTimeout(open, delayMs).unref();
    else open();
  }

  const server: Server = createServer((client) => {
    track(client);
    switch (mode) {
      case 'pass':
        return forward(client, 0);
      case 'slow':
        return forward(client, options.slowMs);
      case 'garbage':
        return client.once('data', () => client.end('\u0000\u0001 not a reply at all \r\n\r\n'));
      case 'not-json':
        return client.once('data', () => client.end(NOT_JSON_RESPONSE));
      case 'cut':
        return client.once('data', () => client.write(CUT_RESPONSE, () => client.destroy()));
      case 'down':
        return client.destroy();
    }
  });

  function listen(at: number): Promise<number> {
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  }
  const port = await listen(0);
  proxy.url = `http://127.0.0.1:${port}`;
  return proxy;
}
