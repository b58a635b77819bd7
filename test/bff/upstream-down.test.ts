import t from 'tap';
import { createServer, type Socket } from 'node:net';
import { buildBff } from '../helper.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

t.test('a refused connection is servererror, and /readyz says not ready', async (t) => {
  const { app } = await buildBff(t);
  const res = await app.inject({ method: 'POST', url: '/api/Member/Login', payload: { userId: 'a@example.com', password: 'Secret123' }, headers: XHR });
  t.equal(res.statusCode, 502);
  t.same(res.json(), { isSuccess: false, code: 'servererror' });
  t.notMatch(res.body, /ECONNREFUSED|at |stack/i, 'no internals');
  const countries = await app.inject({ url: '/api/info/V2/Countries/false' });
  t.same(countries.json(), { isSuccess: false, code: 'servererror' });
  t.equal((await app.inject({ url: '/readyz' })).statusCode, 503);
  t.equal((await app.inject({ url: '/healthz' })).statusCode, 200);
});

t.test('an upstream that accepts and never answers ends in servererror at the timeout, not a hang', async (t) => {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    for (const socket of sockets) socket.destroy();
    silent.close();
  });
  const address = silent.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const { app } = await buildBff(t, { UPSTREAM_URL: `http://127.0.0.1:${port}`, UPSTREAM_TIMEOUT_MS: '300' });
  const res = await app.inject({ method: 'POST', url: '/api/Member/IsExist', payload: { email: 'a@example.com' }, headers: XHR });
  t.equal(res.statusCode, 502);
  t.same(res.json(), { isSuccess: false, code: 'servererror' });
  t.equal((await app.inject({ url: '/readyz' })).statusCode, 503);
});

t.test('an upstream answering something other than the envelope is servererror', async (t) => {
  const { createServer: createHttpServer } = await import('node:http');
  const odd = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  t.teardown(() => odd.close());
  const address = odd.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const { app } = await buildBff(t, { UPSTREAM_URL: `http://127.0.0.1:${port}` });
  const res = await app.inject({ method: 'POST', url: '/api/Member/IsExist', payload: { email: 'a@example.com' }, headers: XHR });
  t.equal(res.statusCode, 502);
  t.same(res.json(), { isSuccess: false, code: 'servererror' });
});
