import t from 'tap';
import { loadBffConfig } from '../../../server/bff/config.ts';
import { createClient, startStack } from '../../helper.ts';

/*
 * With TRUST_PROXY=true the portal took the left-most X-Forwarded-For entry, which the visitor
 * writes himself: rotating it sprayed wrong passwords past the per-IP failure limit. `true` is
 * refused at start; a hop count or the proxies' addresses take the entry the proxy appended.
 */

t.test('TRUST_PROXY=true stops the start with a message saying what to set', async (t) => {
  t.throws(() => loadBffConfig({ TRUST_PROXY: 'true', DATA_DIR: '/tmp/unused' }), {
    message: /^Invalid TRUST_PROXY: .*number of proxies.*addresses or CIDR ranges/,
  });
  t.equal(loadBffConfig({ TRUST_PROXY: '1', DATA_DIR: '/tmp/unused' }).trustProxy, 1);
  t.equal(loadBffConfig({ TRUST_PROXY: '10.0.0.0/8, ::1 ,127.0.0.1', DATA_DIR: '/tmp/unused' }).trustProxy, '10.0.0.0/8,::1,127.0.0.1');
});

const FAILURES_PER_IP = 10;
const VISITOR = '203.0.113.7';
const NEIGHBOUR = '198.51.100.4';

/** A request as one load balancer in front of the portal passes it on: the visitor's own header, then his address appended. */
const throughLoadBalancer = (visitorAddress: string, visitorsOwnHeader?: string) => ({
  headers: { 'x-forwarded-for': visitorsOwnHeader ? `${visitorsOwnHeader}, ${visitorAddress}` : visitorAddress },
});

let spoofCounter = 0;
const spoofed = () => `10.${(spoofCounter >> 8) & 255}.${spoofCounter++ & 255}.1`;

for (const trustProxy of ['1', '127.0.0.1/8']) {
  t.test(`TRUST_PROXY=${trustProxy}: a rotating spoofed X-Forwarded-For still meets the per-IP failure limit`, async (t) => {
    const stack = await startStack(t, { env: { TRUST_PROXY: trustProxy, LOGIN_FAILURES_PER_IP: String(FAILURES_PER_IP) } });
    const browser = createClient(stack.bffUrl);
    const guess = (userId: string, via: ReturnType<typeof throughLoadBalancer>) =>
      browser.post('/api/Member/Login', { userId, password: 'Summer2026!' }, via);

    const codes = [];
    for (let i = 0; i < FAILURES_PER_IP; i += 1)
      codes.push((await guess(`target${i}@example.com`, throughLoadBalancer(VISITOR, spoofed()))).body.code);
    t.same(
      codes,
      codes.map(() => 'AccountOrPwdFail'),
    );
    for (let i = 0; i < 5; i += 1) {
      const stopped = await guess(`more${i}@example.com`, throughLoadBalancer(VISITOR, `${spoofed()}, ${spoofed()}`));
      t.equal(stopped.status, 429, 'another spoofed address changes nothing');
    }
    const neighbour = await guess('neighbour@example.com', throughLoadBalancer(NEIGHBOUR));
    t.equal(neighbour.status, 200, 'another visitor behind the same load balancer is not held up');
  });
}
