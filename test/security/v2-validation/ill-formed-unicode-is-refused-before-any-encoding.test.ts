import t from 'tap';
import { buildBff } from '../../helper.ts';
import { routeTable } from '../../helpers/route-table.ts';
import { startMemberService } from '../../member-service/service.ts';

// A lone surrogate (a JSON `\ud800` escape) is text no encoding can carry: encodeURIComponent
// throws on it, UTF-8 replaces it. Both servers refuse it on every route before a schema, a
// handler or an encoder sees it (server/common/well-formed-text.ts), as Form_Format on the field.

const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const refusedAt = (field: string) => ({ isSuccess: false, code: 'FormValidateFail', errors: [{ field, code: 'Form_Format' }] });

t.test('ValidatePwdUnAuth with a lone surrogate in userId answers 400 Form_Format, not 500', async (t) => {
  const { app } = await buildBff(t);
  const res = await app.inject({
    method: 'POST',
    url: '/api/Member/ValidatePwdUnAuth',
    headers: XHR,
    payload: '{"userId":"\\ud800","token":"abc","password":"x"}',
  });
  t.equal(res.statusCode, 400);
  t.same(res.json(), refusedAt('userId'));
});

t.test('every portal route with a body refuses ill-formed text in any value or key', async (t) => {
  const { app } = await buildBff(t);
  await app.ready();
  const routes = routeTable(app).filter((route) => BODY_METHODS.has(route.method) && route.path.startsWith('/api/'));
  t.ok(routes.length >= 30, `${routes.length} routes`);
  for (const route of routes) {
    const url = route.path.replace(/:(\w+)/g, 'x').replace(/\*$/, 'x');
    for (const [payload, field] of [
      ['{"userId":"a\\udfffb"}', 'userId'],
      ['{"memberExtension":{"address":"\\ud83d"}}', 'memberExtension.address'],
      ['{"a\\ud800":1}', 'a\ud800'],
    ] as const) {
      const res = await app.inject({ method: route.method as 'POST', url, headers: XHR, payload });
      // A route may stop a request earlier for its own reasons (sign-in required, CSRF): never a 5xx, never past the rule.
      t.ok(res.statusCode < 500, `${route.method} ${route.path} ${payload}: ${res.statusCode}`);
      if (res.statusCode === 400) t.same(res.json(), refusedAt(field), `${route.method} ${route.path} ${payload}`);
    }
  }
});

t.test('the member service refuses it the same way on every route', async (t) => {
  const service = await startMemberService(t);
  await service.app.ready();
  const routes = routeTable(service.app).filter((route) => BODY_METHODS.has(route.method));
  t.ok(routes.length >= 20, `${routes.length} routes`);
  for (const route of routes) {
    const url = route.path.replace(/:(\w+)/g, 'x');
    const res = await service.app.inject({
      method: route.method as 'POST',
      url,
      headers: { 'x-service-key': service.config.serviceKey, 'content-type': 'application/json' },
      payload: '{"userId":"\\ud800","token":"abc","password":"x"}',
    });
    t.equal(res.statusCode, 400, `${route.method} ${route.path}`);
    t.same(res.json(), refusedAt('userId'), `${route.method} ${route.path}`);
  }
});
