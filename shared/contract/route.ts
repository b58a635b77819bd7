import type { Static, TSchema } from '@sinclair/typebox';
import { ReplySchema } from '../schemas/reply.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The replies of one call: 200 with `data` of the given schema (a result code such as
 * OneYearNotUpdatePwd may come with the same data or none), 4xx as a bare envelope.
 */
export function replies(): { 200: ReturnType<typeof ReplySchema>; '4xx': ReturnType<typeof ReplySchema> };
export function replies<T extends TSchema>(data: T): { 200: ReturnType<typeof ReplySchema<T>>; '4xx': ReturnType<typeof ReplySchema> };
export function replies<T extends TSchema>(data?: T) {
  return { 200: data === undefined ? ReplySchema() : ReplySchema(data), '4xx': ReplySchema() };
}

export interface RouteSchema {
  body?: TSchema;
  params?: TSchema;
  querystring?: TSchema;
  response: { 200: TSchema; '4xx': TSchema };
}

/** One call of a server's API: method, path (with :params) and the schemas of its request and replies. */
export interface ContractRoute<S extends RouteSchema = RouteSchema> {
  method: HttpMethod;
  url: string;
  schema: S;
}

export const route = <S extends RouteSchema>(method: HttpMethod, url: string, schema: S): ContractRoute<S> => ({ method, url, schema });

/** What the portal's error handling may answer besides a route's own 200 (server/bff/plugins/errors.ts). */
export interface PortalRouteOptions {
  /** The route needs a signed-in session: 401 without one, or when the member service no longer accepts it. */
  member?: boolean;
  /** Statuses the route itself answers with besides those every route of its kind may (e.g. 404). */
  also?: readonly number[];
  /** A file or a long list: compressed when large and the browser accepts it. Other replies skip the compressor's hooks. */
  compressed?: boolean;
}

export interface PortalRouteSchema {
  body?: TSchema;
  params?: TSchema;
  querystring?: TSchema;
  /** The success reply (a schema, or OpenAPI content for a file); failures are the bare envelope at the route's `statuses`. */
  response: { 200: TSchema | { description: string; content: Record<string, { schema: TSchema }> } };
}

/**
 * One route of the portal's browser API, with every status it can answer, each with the reply
 * envelope. Method and url keep their literal types, so a client request that names the route by
 * type must name its very path and method.
 */
export interface PortalRoute<
  S extends PortalRouteSchema = PortalRouteSchema,
  M extends HttpMethod = HttpMethod,
  U extends string = string,
> {
  method: M;
  url: U;
  schema: S;
  statuses: readonly number[];
  compressed: boolean;
}

/** Named parts of one request, typed by its route's schema: what a route does not take cannot be sent. */
type Part<S, K extends string, Name extends string> = S extends { [P in K]: infer T extends TSchema }
  ? { [P in Name]: Static<T> }
  : { [P in Name]?: never };

/** What a request to a route (member service or portal) carries: its params, query and body as its schema has them. */
export type RouteInput<S> = Part<S, 'params', 'params'> & Part<S, 'querystring', 'query'> & Part<S, 'body', 'body'>;

/** The `data` of a route's success reply. */
export type SuccessData<S extends { response: { 200: unknown } }> = S['response'][200] extends infer T extends TSchema
  ? Static<T> extends { data?: infer D }
    ? D
    : never
  : never;

/**
 * A portal route. Its failure statuses follow from what it is: 400 for a request it reads,
 * 401 for a member's route, 403 for a state-changing method (the CSRF check), 429 (every route
 * is rate-limited), 502 when the member service fails and 503 when the session store does.
 */
export function portalRoute<S extends PortalRouteSchema, M extends HttpMethod, U extends string>(
  method: M,
  url: U,
  schema: S,
  options: PortalRouteOptions = {},
): PortalRoute<S, M, U> {
  return { method, url, schema, statuses: replyStatuses(method, schema, options), compressed: options.compressed === true };
}

/** The statuses a portal route answers with, by what it is (see portalRoute). */
export function replyStatuses(method: string, schema: Omit<PortalRouteSchema, 'response'>, options: PortalRouteOptions = {}): number[] {
  const statuses = new Set([200, ...(options.also ?? []), 429, 502, 503]);
  if (schema.body || schema.params || schema.querystring) statuses.add(400);
  if (options.member) statuses.add(401);
  if (method !== 'GET' && method !== 'HEAD') statuses.add(403);
  return [...statuses].sort((a, b) => a - b);
}
