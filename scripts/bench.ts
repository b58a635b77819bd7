/**
 * Benchmark: requests/s of an authenticated GET /api/Member through the portal, next to a bare
 * proxy (@fastify/reply-from) in front of the same member service, measured in one run; then the
 * JavaScript (gzip) that a browser loads for the login page.
 *
 *   npm run bench [-- --seconds 10 --connections 20]
 */
import autocannon from 'autocannon';
import replyFrom from '@fastify/reply-from';
import Fastify from 'fastify';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { encodePassword } from '../server/common/password-encoding.ts';
import { launchBrowser, newContext } from '../test/e2e/browser.ts';
import { createActiveMember, signIn, startStack } from '../test/helper.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);

const teardowns: Array<() => unknown> = [];
const lifetime = { teardown: (fn: () => unknown) => teardowns.unshift(fn) };

async function measure(title: string, url: string, headers: Record<string, string>) {
  const result = await autocannon({ title, url, headers, duration, connections });
  const non2xx = result.non2xx + result.errors;
  return { title, requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, failures: non2xx };
}

async function bareProxy(memberServiceUrl: string, upstreamHeaders: Record<string, string>) {
  const proxy = Fastify({ logger: false });
  await proxy.register(replyFrom, { base: memberServiceUrl });
  proxy.get('/api/Member', (_request, reply) =>
    reply.from('/api/Member', { rewriteRequestHeaders: (_req, headers) => ({ ...headers, ...upstreamHeaders }) }),
  );
  lifetime.teardown(() => proxy.close());
  return proxy.listen({ host: '127.0.0.1', port: 0 });
}

async function loginPageJavaScript(baseUrl: string): Promise<{ files: number; bytes: number; gzipBytes: number }> {
  const browser = await launchBrowser(lifetime);
  const page = await (await newContext(browser, baseUrl)).newPage();
  const scripts: Buffer[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') void response.body().then((body) => scripts.push(body));
  });
  await page.goto('/en/login', { waitUntil: 'networkidle' });
  const bodies = scripts;
  return {
    files: bodies.length,
    bytes: bodies.reduce((sum, b) => sum + b.length, 0),
    gzipBytes: bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
  };
}

async function main() {
  const stack = await startStack(lifetime, {
    env: { CLIENT_DIR: 'dist/client', RATE_LIMIT_PER_MINUTE: '100000000', LOGIN_RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  const member = await createActiveMember(stack);
  const portal = await signIn(stack, member);
  const cookie = [...portal.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  // The bare proxy authenticates as the portal would, with a token of its own.
  const serviceKey = stack.memberServiceConfig.serviceKey;
  const login = await fetch(`${stack.memberServiceUrl}/api/Member/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-key': serviceKey },
    body: JSON.stringify({ userId: member.email, password: encodePassword(member.password, stack.memberServiceConfig.passwordEncodingKey) }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const proxyUrl = await bareProxy(stack.memberServiceUrl, { 'x-service-key': serviceKey, authorization: `Bearer ${token}` });

  console.log(`GET /api/Member, ${duration} s each, ${connections} connections`);
  const rows = [
    await measure('portal (BFF)', `${stack.bffUrl}/api/Member`, { cookie, 'x-requested-with': 'XMLHttpRequest' }),
    await measure('bare proxy', `${proxyUrl}/api/Member`, {}),
  ];
  console.table(rows);
  const [portalRow, bareRow] = rows;
  if (portalRow && bareRow) console.log(`portal / bare proxy: ${(portalRow.requestsPerSecond / bareRow.requestsPerSecond).toFixed(2)}`);

  const js = await loginPageJavaScript(stack.bffUrl);
  console.log(`login page JavaScript: ${js.files} files, ${(js.bytes / 1024).toFixed(1)} KiB, ${(js.gzipBytes / 1024).toFixed(1)} KiB gzip`);
}

try {
  await main();
} finally {
  for (const fn of teardowns) await fn();
}
