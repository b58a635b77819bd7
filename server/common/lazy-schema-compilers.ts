import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles every route schema not compiled yet (they compile on first use, see below). */
    compileAllSchemas(): void;
  }
}

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

/** A route's compiler that compiles once, when its route first needs it or when every pending one is asked for. */
function compiledOnFirstUse<Compiled extends (data: unknown) => unknown>(
  factory: Factory<Compiled>,
  pending: Set<() => unknown>,
  wrap: (compile: () => Compiled) => Compiled,
): Factory<Compiled> {
  return (externalSchemas, options) => {
    const compilerFor = factory(externalSchemas, options);
    return (route) => {
      let compiled: Compiled | undefined;
      const compile = () => {
        pending.delete(compile);
        return (compiled ??= compilerFor(route));
      };
      pending.add(compile);
      return wrap(compile);
    };
  };
}

export interface LazySchemaCompilers {
  /** Fastify's `schemaController` option. */
  schemaController: NonNullable<FastifyServerOptions['schemaController']>;
  /** Compiles every schema not compiled yet; throws what a schema's compiler throws. */
  compileAll(): void;
}

/**
 * Fastify's own compilers (ajv for requests, fast-json-stringify for replies), each route's
 * schema compiled when the route first validates or writes, not every route's at start.
 * Compiling all of them is about a third of a second of CPU at every start, and most processes
 * (a test's portal, an instance that lives a short while) serve a few of the routes. A schema
 * that does not compile would fail its route's first request instead of the start: a test
 * compiles every schema of both apps (`compileAll`). One set per app, as Fastify makes its own.
 */
export function lazySchemaCompilers(): LazySchemaCompilers {
  const pending = new Set<() => unknown>();
  const buildValidator = compiledOnFirstUse(ajvValidators(), pending, (compile) => {
    const validate: Validate = (data) => {
      const compiled = compile();
      const result = compiled(data);
      validate.errors = compiled.errors;
      return result;
    };
    return validate;
  });
  const buildSerializer = compiledOnFirstUse(jsonSerializers(), pending, (compile) => (data) => compile()(data));
  return {
    schemaController: { compilersFactory: { buildValidator, buildSerializer } } as unknown as LazySchemaCompilers['schemaController'],
    compileAll: () => {
      for (const compile of pending) compile();
    },
  };
}
