import type { TSchema } from '@sinclair/typebox';
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
