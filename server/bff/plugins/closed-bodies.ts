import fp from 'fastify-plugin';

/**
 * A copy of a JSON schema in which every object that lists its properties accepts no others.
 * With Fastify's validator setting `removeAdditional: true`, the fields a body schema does not
 * name are then dropped at every depth before a handler sees the body. (No body schema has a
 * union of objects, where ajv would drop the fields of one branch while trying another.)
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]));
  if (copy.type === 'object' && copy.properties !== undefined && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

/**
 * Bodies keep only the fields their route's schema names, however deeply the rest nests.
 * Query strings stay open: the spec reads some query parameters in any letter case.
 */
export default fp(
  async function closedBodies(app) {
    app.addHook('onRoute', (route) => {
      if (route.schema?.body) route.schema = { ...route.schema, body: closed(route.schema.body) };
    });
  },
  { name: 'portal-closed-bodies' },
);
