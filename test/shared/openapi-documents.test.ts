import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import { documentText, OPENAPI_DIR, OPENAPI_FILES, openApiApps } from '../../scripts/openapi.ts';
import { routeTable } from '../helpers/route-table.ts';

/**
 * The portal's browser API and the member-service contract as OpenAPI 3.1: served, committed in
 * docs/openapi/ exactly as the code generates them (`npm run openapi` rewrites them), valid
 * against the OpenAPI 3.1 schema, and listing every API route with its request and reply schemas.
 */

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** Calls that act on the signed-in member alone and take no body. */
const BODILESS = new Set([
  'POST /api/Member/ApplyDeleteTag',
  'POST /api/Member/ApplyRestoreTag',
  'POST /api/Member/Sessions/EndOthers',
  'POST /api/Member/Passkey/LoginOptions',
  'POST /api/Member/Passkey/RegisterOptions',
]);

/** The API routes of an app (method and path as Fastify has them), without the document itself. */
function apiRoutes(app: FastifyInstance, documentPath: string) {
  return routeTable(app).filter(({ method, path }) => path.startsWith('/api/') && path !== documentPath && method !== 'HEAD');
}

/** What an API route lacks in the document: the operation, its reply schema, its body schema, its path parameters. */
function missing(document: Document, method: string, routePath: string): string[] {
  const operation = document.paths[routePath.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  if (!operation) return ['the operation'];
  const gaps: string[] = [];
  if (!operation.responses?.['200']?.content?.['application/json']?.schema) gaps.push('the 200 reply schema');
  if (BODY_METHODS.has(method) && !BODILESS.has(`${method} ${routePath}`) && !operation.requestBody?.content?.['application/json']?.schema)
    gaps.push('the request body schema');
  for (const [, name] of routePath.matchAll(/:(\w+)/g)) {
    if (!operation.parameters?.some((parameter) => parameter.in === 'path' && parameter.name === name))
      gaps.push(`the path parameter ${name}`);
  }
  return gaps;
}

const apps = await openApiApps();
t.teardown(() => apps.close());
const key = 'k'.repeat(32);

const served = {
  portal: (
    await apps.portal.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'x-requested-with': 'XMLHttpRequest' } })
  ).json() as Document,
  memberService: (
    await apps.memberService.inject({ method: 'GET', url: '/openapi.json', headers: { 'x-service-key': key } })
  ).json() as Document,
};

t.test('the member service serves its contract only behind the service key', async (t) => {
  const withoutKey = await apps.memberService.inject({ method: 'GET', url: '/openapi.json' });
  t.equal(withoutKey.statusCode, 403);
  t.equal(served.memberService.openapi, '3.1.0');
  t.equal(served.portal.openapi, '3.1.0');
});

for (const name of ['portal', 'memberService'] as const) {
  const file = OPENAPI_FILES[name];

  t.test(`docs/openapi/${file} is what the code generates (npm run openapi rewrites it)`, async (t) => {
    t.equal(readFileSync(path.join(OPENAPI_DIR, file), 'utf8'), documentText(served[name]));
  });

  t.test(`${file} is a valid OpenAPI 3.1 document`, async (t) => {
    const validator = new Validator();
    const result = await validator.validate(served[name] as unknown as Parameters<Validator['validate']>[0]);
    t.equal(validator.version, '3.1');
    t.same(result.errors ?? [], []);
    t.ok(result.valid);
  });
}

t.test('every member-service call appears with its request and reply schemas', async (t) => {
  const routes = apiRoutes(apps.memberService, '/openapi.json');
  t.ok(routes.length >= 40, `${routes.length} calls found`);
  for (const { method, path: routePath } of routes) t.same(missing(served.memberService, method, routePath), [], `${method} ${routePath}`);
});

t.test('every portal API route appears with its request and reply schemas', async (t) => {
  const routes = apiRoutes(apps.portal, '/api/openapi.json');
  t.ok(routes.length >= 40, `${routes.length} routes found`);
  for (const { method, path: routePath } of routes) t.same(missing(served.portal, method, routePath), [], `${method} ${routePath}`);
});
