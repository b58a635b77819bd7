import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/** What Fastify hands a compiler for one route and what it calls (it reads ajv's `errors` from the function). */
interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
}
type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Serialize = (data: unknown) => string;
type Factory<Compiled> = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => Compiled;

// The packages' typings describe their compilers loosely (ajv's compile(schema)); these are the calls Fastify makes.
const ajvValidators = AjvCompiler as unknown as () => Factory<Validate>;
const jsonSerializers = SerializerSelector as unknown as () => Factory<Serialize>;

function compiledOnFirstUse<Compiled extends (data: unknown) => unknown>(
  factory: Factory<Compiled>,
  wrap: (compile: () => Compiled) => Compiled,
): Factory<Compiled> {
  return (externalSchemas, options) => {
    const compilerFor = factory(externalSchemas, options);
    return (route) => {
      let compiled: Compiled | undefined;
      return wrap(() => (compiled ??= compilerFor(route)));
    };
  };
}

/**
 * Fastify's own compilers (ajv for requests, fast-json-stringify for replies), each route's
 * schema compiled when the route first validates or writes, not every route's at start.
 * Compiling all of them is about a third of a second of CPU at every start, and most processes
 * (a test's portal, an instance that lives a short while) serve a few of the routes. A schema
 * that does not compile fails its route's first request instead of the start; the hostile-input
 * tests send every route requests, so a broken schema still fails the test run. One set per
 * app, as Fastify makes its own.
 */
export const lazySchemaCompilers = () =>
  ({
    compilersFactory: {
      buildValidator: compiledOnFirstUse(ajvValidators(), (compile) => {
        const validate: Validate = (data) => {
          const compiled = compile();
          const result = compiled(data);
          validate.errors = compiled.errors;
          return result;
        };
        return validate;
      }),
      buildSerializer: compiledOnFirstUse(jsonSerializers(), (compile) => (data) => compile()(data)),
    },
  }) as unknown as NonNullable<FastifyServerOptions['schemaController']>;
