import fp from 'fastify-plugin';

/**
 * Reply schemas the serializer writes without validating. fast-json-stringify checks the value
 * against every branch of an `anyOf`/`oneOf` with ajv before it writes it, on every reply; a
 * nullable string or a set of literals (how TypeBox spells them) costs that check for no gain.
 * This rewrites those into the plain JSON-schema forms the serializer writes directly
 * (`type: ['string', 'null']`, `enum`) in the route's copy of its reply schemas, which the
 * OpenAPI document then lists too; request validation and the types keep the contract's
 * schemas. A union of objects cannot be
 * rewritten, so a route that declares one fails to start: give each status one object schema.
 */

type Schema = Record<string, unknown>;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
/** Keywords a branch may carry and still be written as one multi-type schema. */
const PLAIN_KEYWORDS = new Set(['type', 'const', 'description', 'title']);

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A branch the serializer can write by its type alone: one primitive type, perhaps one literal value. */
const isPlainBranch = (branch: unknown): branch is Schema =>
  isSchema(branch) &&
  typeof branch.type === 'string' &&
  PRIMITIVES.has(branch.type) &&
  Object.keys(branch).every((key) => PLAIN_KEYWORDS.has(key));

const isNull = (branch: unknown) => isSchema(branch) && branch.type === 'null' && Object.keys(branch).length === 1;

/** The other branch of a union of null with one single-typed schema (an object, say). */
function nullableOf(branches: unknown[]): Schema | undefined {
  const others = branches.filter((branch) => !isNull(branch));
  const [other] = others;
  return branches.length === 2 && others.length === 1 && isSchema(other) && typeof other.type === 'string' ? other : undefined;
}

/** One schema for a union of primitive branches: its types, and its values when every branch is a literal. */
function merged(branches: Schema[], siblings: Schema): Schema {
  const types = [...new Set(branches.map((branch) => branch.type as string))];
  const schema: Schema = { ...siblings, type: types.length === 1 ? types[0] : types };
  if (branches.every((branch) => 'const' in branch)) schema.enum = branches.map((branch) => branch.const);
  return schema;
}

/**
 * The plain form of each schema object rewritten so far. Routes share their envelopes and most
 * of their parts (every route's refusal replies are the same few objects): each is rewritten once
 * per process instead of once per route and status.
 */
const rewritten = new WeakMap<Schema, unknown>();

/** A copy of a reply schema without unions, or an error naming where one of objects stays. */
export function plainReply(schema: unknown, where: string): unknown {
  if (Array.isArray(schema)) return schema.map((item, index) => plainReply(item, `${where}/${index}`));
  if (!isSchema(schema)) return schema;
  if (rewritten.has(schema)) return rewritten.get(schema);
  const plain = rewrite(schema, where);
  rewritten.set(schema, plain);
  return plain;
}

function rewrite(schema: Schema, where: string): unknown {
  const copy: Schema = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, plainReply(value, `${where}/${key}`)]));
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = copy[keyword];
    if (branches === undefined) continue;
    const { [keyword]: _union, ...siblings } = copy;
    const nullable = Array.isArray(branches) ? nullableOf(branches) : undefined;
    if (nullable) return { ...siblings, ...nullable, type: [nullable.type, 'null'] };
    if (!Array.isArray(branches) || !branches.every(isPlainBranch))
      throw new Error(`The reply schema at ${where} is a union the serializer would validate on every reply: give it one object schema.`);
    return merged(branches, siblings);
  }
  return copy;
}

export default fp(
  async function plainReplies(app) {
    app.addHook('onRoute', (route) => {
      const response = route.schema?.response;
      if (!response) return;
      const where = `${String(route.method)} ${route.url}`;
      route.schema = { ...route.schema, response: plainReply(response, where) };
    });
  },
  { name: 'portal-plain-replies' },
);
