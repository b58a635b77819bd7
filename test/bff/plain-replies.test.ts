import { Type } from '@sinclair/typebox';
import t from 'tap';
import { openApiApps } from '../../scripts/openapi.ts';
import { plainReply } from '../../server/bff/plugins/plain-replies.ts';

/**
 * The serializer writes every portal reply without validating it: no reply schema the app
 * registered keeps an anyOf/oneOf (fast-json-stringify would run ajv over each branch on every
 * reply), and a union it cannot write plainly (one of objects) stops the app from starting.
 */

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** The JSON pointers under a schema where a union stays. */
function unions(schema: unknown, where = ''): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const own = ['anyOf', 'oneOf'].filter((keyword) => keyword in schema).map((keyword) => `${where}/${keyword}`);
  return [...own, ...Object.entries(schema).flatMap(([key, value]) => unions(value, `${where}/${key}`))];
}

t.test("the portal's registered reply schemas have no union", async (t) => {
  const apps = await openApiApps();
  t.teardown(() => apps.close());
  const reply = await apps.portal.inject({ method: 'GET', url: '/api/openapi.json', headers: XHR });
  const document = reply.json() as { paths: Record<string, Record<string, { responses?: unknown }>> };
  const found = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => unions(operation.responses).map((at) => `${method} ${path}${at}`)),
  );
  t.same(found, [], 'every status of every route is one plain schema');
  t.ok(
    Object.keys(document.paths).some((path) => path === '/api/Member'),
    'the member read is among them',
  );
});

t.test('a nullable value or a set of literals becomes the plain form', async (t) => {
  const contract = Type.Object({
    deleteDate: Type.Union([Type.String(), Type.Null()]),
    identity: Type.Union([Type.Object({ socialEmail: Type.String() }), Type.Null()]),
    origin: Type.Union([Type.Literal('login'), Type.Literal('register')]),
    captcha: Type.Union([Type.Literal(1), Type.Literal(2), Type.Null()]),
  });
  const plain = plainReply(contract, 'GET /x') as { properties: Record<string, Record<string, unknown>> };
  t.same(plain.properties.deleteDate, { type: ['string', 'null'] });
  t.match(plain.properties.identity, { type: ['object', 'null'], properties: { socialEmail: { type: 'string' } } });
  t.same(plain.properties.origin, { type: 'string', enum: ['login', 'register'] });
  t.same(plain.properties.captcha, { type: ['number', 'null'] });
  t.ok('anyOf' in contract.properties.deleteDate, "the contract's own schema stays as it was");
});

t.test('a union of objects is refused with the place it is declared', async (t) => {
  const twoShapes = Type.Object({ data: Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]) });
  t.throws(() => plainReply({ 200: twoShapes }, 'POST /api/Member/GoogleLogin'), {
    message: /POST \/api\/Member\/GoogleLogin\/200\/properties\/data .*one object schema/,
  });
});
