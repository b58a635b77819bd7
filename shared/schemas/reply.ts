import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { FIELD_CODES, type FieldCode, type ReplyCode } from '../codes.ts';

/** One problem with one field, or with the request as a whole when `field` is absent. */
export const FieldErrorSchema = Type.Object({
  field: Type.Optional(Type.String()),
  code: Type.Unsafe<FieldCode>(Type.String({ enum: [...new Set(FIELD_CODES)] })),
});
export type FieldError = Static<typeof FieldErrorSchema>;

/**
 * Every /api reply has this envelope. `code` is 'ok' on success, otherwise a code of
 * shared/codes.ts; `errors` lists field problems (one toast or field message each);
 * `title` is an optional server message that wins over the mapped one (spec section 8).
 */
export function ReplySchema<T extends TSchema>(data?: T) {
  const envelope = {
    isSuccess: Type.Boolean(),
    code: Type.String(),
    title: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Array(FieldErrorSchema)),
  };
  return data === undefined ? Type.Object(envelope) : Type.Object({ ...envelope, data: Type.Optional(data) });
}

/** A browser route's reply schemas: the envelope at 200 (failures the error handler sends carry no data). */
export const replySchemas = <T extends TSchema>(data?: T) => ({ 200: ReplySchema(data) });

export interface Reply<T = unknown> {
  isSuccess: boolean;
  code: string;
  title?: string;
  errors?: FieldError[];
  data?: T;
}

export function ok<T>(data?: T): Reply<T> {
  return data === undefined ? { isSuccess: true, code: 'ok' } : { isSuccess: true, code: 'ok', data };
}

export function fail(code: ReplyCode, extra: Omit<Reply, 'isSuccess' | 'code'> = {}): Reply<never> {
  return { isSuccess: false, code, ...extra } as Reply<never>;
}
