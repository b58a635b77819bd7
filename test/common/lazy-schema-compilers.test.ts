import t from 'tap';
import Fastify from 'fastify';
import { lazySchemaCompilers } from '../../server/common/lazy-schema-compilers.ts';
import { startStack } from '../helper.ts';

/** A Fastify app with the lazy compilers and one route of each kind. */
async function appWith(badSchema: boolean) {
  const schemas = lazySchemaCompilers();
  const app = Fastify({ schemaController: schemas.schemaController, ajv: { customOptions: { allErrors: true } } });
  t.teardown(() => app.close());
  app.post(
    '/greet',
    {
      schema: {
        body: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 5 } } },
        response: { 200: { type: 'object', properties: { greeting: { type: 'string' } } } },
      },
    },
    async (request) => ({ greeting: `hello ${(request.body as { name: string }).name}`, secret: 'never written' }),
  );
  if (badSchema) app.post('/broken', { schema: { body: { type: 'no-such-type' } } }, async () => ({}));
  await app.ready();
  return { app, compileAll: schemas.compileAll };
}

t.test('validation and serialisation behave as with compilers made at start', async (t) => {
  const { app } = await appWith(false);
  const refused = await app.inject({ method: 'POST', url: '/greet', payload: { name: 'much too long' } });
  t.equal(refused.statusCode, 400);
  t.match(refused.json(), { message: /must NOT have more than 5 characters/ }, "ajv's errors reach Fastify's reply");
  const missing = await app.inject({ method: 'POST', url: '/greet', payload: {} });
  t.match(missing.json(), { message: /must have required property 'name'/ }, 'each call reports its own errors');
  const greeted = await app.inject({ method: 'POST', url: '/greet', payload: { name: 'Ada' } });
  t.same(greeted.json(), { greeting: 'hello Ada' }, 'the reply schema writes only its fields');
});

t.test('a schema that does not compile: the app starts, compileAll throws, the route fails without crashing', async (t) => {
  const { app, compileAll } = await appWith(true);
  t.throws(() => compileAll(), /no-such-type|type must be|schema is invalid/);
  const reply = await app.inject({ method: 'POST', url: '/broken', payload: {} });
  t.equal(reply.statusCode, 500);
  t.equal((await app.inject({ method: 'POST', url: '/greet', payload: { name: 'Ada' } })).statusCode, 200, 'other routes still answer');
});

t.test('every route schema of the portal and of the member service compiles', async (t) => {
  const stack = await startStack(t);
  t.doesNotThrow(() => stack.apps.bff.compileAllSchemas(), 'portal');
  t.doesNotThrow(() => stack.apps.memberService.compileAllSchemas(), 'member service');
});
