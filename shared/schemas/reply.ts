import { Type, type Static, type TObject, type TOptional, type TSchema } from '@sinclair/typebox';
import { FIELD_CODES, type FieldCode, type ReplyCode } from '../codes.ts';

/** One problem with one field, or with the request as a whole when `field` is absent. */
export const FieldErrorSchema = Type.Object({
  field: Type.Optional(Type.String()),
  code: Type.Unsafe<FieldCode>(Type.String({ enum: [...new Set(FIELD_CODES)] })),
});
export type FieldError = Static<typeof FieldErrorSchema>;

/**
 * `code` travels as a string (a code another server adds is that server's failure, see
 * replyCode) but is typed as ReplyCode, so code that names a code outside shared/codes.ts does not compile.
 */
const ReplyCodeSchema = Type.Unsafe<ReplyCode>(Type.String());

const envelope = {
  isSuccess: Type.Boolean(),
  code: ReplyCodeSchema,
  title: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Array(FieldErrorSchema)),
};

/**
 * The one envelope builder. Every /api reply has this envelope. `code` is 'ok' on success, otherwise a code of
 * shared/codes.ts; `errors` lists field problems (one toast or field message each);
 * `title` is an optional server message that wins over the mapped one (spec section 8).
 */
export function ReplySchema(): TObject<typeof envelope>;
export function ReplySchema<T extends TSchema>(data: T): TObject<typeof envelope & { data: TOptional<T> }>;
export function ReplySchema<T extends TSchema>(data?: T) {
  return data === undefined ? Type.Object(envelope) : Type.Object({ ...envelope, data: Type.Optional(data as T) });
}

/** A browser route's reply schemas: the envelope at 200 (failures the error handler sends carry no data). */
export function replySchemas(): { 200: ReturnType<typeof ReplySchema> };
export function replySchemas<T extends TSchema>(data: T): { 200: ReturnType<typeof ReplySchema<T>> };
export function replySchemas<T extends TSchema>(data?: T) {
  return { 200: data === undefined ? ReplySchema() : ReplySchema(data) };
}

export interface Reply<T = unknown> {
  isSuccess: boolean;
  code: ReplyCode;
  title?: string;
  errors?: FieldError[];
  data?: T;
}

/** A success; a result code such as `preferring` or OneYearNotUpdatePwd may stand in for 'ok'. */
export function ok<T>(data?: T, code: ReplyCode = 'ok'): Reply<T> {
  return data === undefined ? { isSuccess: true, code } : { isSuccess: true, code, data };
}

export function fail(code: ReplyCode, extra: Omit<Reply, 'isSuccess' | 'code'> = {}): Reply<never> {
  return { isSuccess: false, code, ...extra } as Reply<never>;
}
