/**
 * The contract is the one source of request and reply types: each `@ts-expect-error` below is a
 * field or code the contract lacks, and `npx tsc` fails (an unused directive) the day one of them
 * compiles. The run-time part only checks that the routes named here exist.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { memberService } from '../../shared/contract/index.ts';
import { portal } from '../../shared/contract/portal/index.ts';
import { fail, ok } from '../../shared/schemas/reply.ts';
import { portalApi, served } from '../../server/bff/routes/portal-api.ts';
import type { Upstream } from '../../server/bff/upstream.ts';

/** Never called: the compiler checks these bodies. */
export async function upstreamCalls(upstream: Upstream) {
  const reply = await upstream.call(memberService.profile.get, { token: 't' });
  const email: string | undefined = reply.body.data?.email;
  // @ts-expect-error the member reply has no `password`
  void reply.body.data?.password;
  // @ts-expect-error IsExist takes an `email`, not a `mail`
  await upstream.call(memberService.register.isExist, { body: { mail: 'a@example.com' } });
  // @ts-expect-error a route without params takes none
  await upstream.call(memberService.auth.isLogin, { params: { id: '1' } });
  // @ts-expect-error the caller cannot choose the reply type
  await upstream.call<{ anything: true }>(memberService.auth.isLogin, {});
  return email;
}

export function portalRoutes(app: FastifyInstance) {
  const api = portalApi(app);
  api.get(portal.account.backToSite.url, served(portal.account.backToSite), async (request) => {
    // @ts-expect-error the query has `callbackUrl` only
    void request.query.returnUrl;
    return ok({ url: request.query.callbackUrl, site: null });
  });
  // @ts-expect-error BackToSite's data has `url`, not `href`
  api.get(portal.account.backToSite.url, served(portal.account.backToSite), async () => ok({ href: null, site: null }));
  // @ts-expect-error a code outside shared/codes.ts
  api.get(portal.info.portalConfig.url, served(portal.info.portalConfig), async () => fail('NoSuchCode'));
}

t.test('the routes the type checks name are in the contracts', async (t) => {
  t.equal(memberService.profile.get.url, '/api/Member');
  t.equal(portal.account.backToSite.url, '/api/Member/BackToSite');
  t.same(portal.profile.get.statuses, [200, 401, 429, 502, 503], 'a signed-out member read answers 401');
});
