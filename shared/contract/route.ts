import { Type, type TSchema } from '@sinclair/typebox';
import { FieldErrorSchema } from '../schemas/reply.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The fields of the reply envelope every call answers with; `data` differs per call. */
const envelope = {
  isSuccess: Type.Boolean(),
  code: Type.String(),
  title: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Array(FieldErrorSchema)),
};

/**
 * The replies of one call: 200 with `data` of the given schema (a result code such as
 * OneYearNotUpdatePwd may come with the same data or none), 4xx as a bare envelope.
 */
export function replies<T extends TSchema>(data?: T) {
  const ok = data === undefined ? Type.Object(envelope) : Type.Object({ ...envelope, data: Type.Optional(data) });
  return { 200: ok, '4xx': Type.Object(envelope) };
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
