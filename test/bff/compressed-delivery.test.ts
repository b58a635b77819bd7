import t, { type Test } from 'tap';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../scripts/precompress.ts';
import { buildBff } from '../helper.ts';
import { startFakeUpstream } from './fake-upstream.ts';

// Big enough that compression pays off, as real bundles are.
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const SHELL = `<!doctype html><html><head><script type="module" src="/assets/main-ABC123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(20)}</body></html>`;

async function withBuiltClient(t: Test) {
  const built = await buildBff(t);
  const clientDir = built.config.clientDir;
  await mkdir(join(clientDir, 'assets'), { recursive: true });
  await writeFile(join(clientDir, 'index.html'), SHELL);
  await writeFile(join(clientDir, 'assets', 'main-ABC123.js'), SCRIPT);
  await precompress(clientDir);
  return built;
}

const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
};

/** Requests `url` with each Accept-Encoding and checks the variant, its headers and its bytes. */
async function checkVariants(t: Test, app: Awaited<ReturnType<typeof buildBff>>['app'], url: string, plain: string, type: RegExp) {
  const cases: Array<[string | undefined, string | undefined]> = [
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    [undefined, undefined],
  ];
  for (const [acceptEncoding, expected] of cases) {
    const res = await app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
    const label = `${url} with accept-encoding ${acceptEncoding ?? '(none)'}`;
    t.equal(res.statusCode, 200, label);
    t.equal(res.headers['content-encoding'], expected, label);
    t.match(res.headers.vary, /accept-encoding/i, `${label}: caches keep the variants apart`);
    t.match(res.headers['content-type'], type, `${label}: the type of the file, not of its encoding`);
    t.equal(Number(res.headers['content-length']), res.rawPayload.length, `${label}: the length of the bytes sent`);
    const decoded = expected ? decoders[expected]!(res.rawPayload) : res.rawPayload;
    t.equal(decoded.toString('utf8'), plain, `${label}: the same file once decoded`);
    if (expected) t.ok(res.rawPayload.length < plain.length, `${label}: fewer bytes than the plain file`);
  }
}

t.test('hashed assets go compressed as the browser accepts, cached for a year', async (t) => {
  const { app } = await withBuiltClient(t);
  await checkVariants(t, app, '/assets/main-ABC123.js', SCRIPT, /^text\/javascript|^application\/javascript/);
  const res = await app.inject({ url: '/assets/main-ABC123.js', headers: { 'accept-encoding': 'br' } });
  t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
  const variant = await app.inject({ url: '/assets/main-ABC123.js.br' });
  t.equal(variant.headers['content-type'], 'application/octet-stream', 'a variant asked for by name is only bytes, never a script');
});

t.test('the page shell goes compressed as the browser accepts, never cached', async (t) => {
  const { app } = await withBuiltClient(t);
  await checkVariants(t, app, '/en/login', SHELL, /^text\/html; charset=utf-8/);
  const res = await app.inject({ url: '/ja-jp/register', headers: { 'accept-encoding': 'gzip' } });
  t.equal(res.headers['cache-control'], 'no-cache');
  t.equal(gunzipSync(res.rawPayload).toString('utf8'), SHELL);
});

t.test('a client built without variants is still served, uncompressed', async (t) => {
  const { app, config } = await buildBff(t);
  await mkdir(join(config.clientDir, 'assets'), { recursive: true });
  await writeFile(join(config.clientDir, 'index.html'), SHELL);
  await writeFile(join(config.clientDir, 'assets', 'main-ABC123.js'), SCRIPT);
  for (const url of ['/en/login', '/assets/main-ABC123.js']) {
    const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    t.equal(res.statusCode, 200, url);
    t.equal(res.headers['content-encoding'], undefined, url);
    t.equal(res.body, url === '/en/login' ? SHELL : SCRIPT, url);
  }
});

t.test('JSON replies above a small size are compressed; small ones are not', async (t) => {
  const countries = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      code: `C${i}`,
      name: `Country number ${i}`,
      label: `Country number ${i}`,
      phoneCode: '',
      region: '',
      states: [],
    }));
  // A few KiB is compressed in one go; a big reply streams through the compressor.
  const upstream = await startFakeUpstream(t, {
    'GET /api/info/V2/Countries/false': () => ({ body: { isSuccess: true, code: 'ok', data: countries(60) } }),
    'GET /api/info/V2/Countries/true': () => ({ body: { isSuccess: true, code: 'ok', data: countries(3000) } }),
    'GET /api/info/option/0/0': () => ({ body: { isSuccess: true, code: 'ok', data: [] } }),
  });
  const { app } = await buildBff(t, { UPSTREAM_URL: upstream.url });

  for (const [flag, count] of [
    ['false', 60],
    ['true', 3000],
  ] as const) {
    for (const encoding of ['br', 'gzip']) {
      const label = `${count} countries, ${encoding}`;
      const res = await app.inject({ url: `/api/info/V2/Countries/${flag}`, headers: { 'accept-encoding': encoding } });
      t.equal(res.statusCode, 200, label);
      t.equal(res.headers['content-encoding'], encoding, label);
      t.match(res.headers.vary, /accept-encoding/i, label);
      t.match(res.headers['content-type'], /^application\/json/, label);
      if (count === 60) t.equal(Number(res.headers['content-length']), res.rawPayload.length, `${label}: the length of the bytes sent`);
      else t.equal(res.headers['content-length'], undefined, `${label}: streamed, so no length of the uncompressed reply`);
      t.same(
        JSON.parse(decoders[encoding]!(res.rawPayload).toString('utf8')).data,
        countries(count),
        `${label}: the same reply once decoded`,
      );
    }
  }
  const plain = await app.inject({ url: '/api/info/V2/Countries/false' });
  t.equal(plain.headers['content-encoding'], undefined, 'a client that accepts no encoding gets plain JSON');
  t.same(plain.json().data, countries(60));

  const small = await app.inject({ url: '/api/info/option/0/0', headers: { 'accept-encoding': 'br, gzip' } });
  t.equal(small.statusCode, 200);
  t.equal(small.headers['content-encoding'], undefined, 'a small reply goes as it is');
  t.same(small.json(), { isSuccess: true, code: 'ok', data: [] });
});
