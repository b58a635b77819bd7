import { Type, type Static } from '@sinclair/typebox';

/** Country record of spec section 3. `name` is the English name the member record stores. */
export const CountryRecordSchema = Type.Object({
  code: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  name: Type.String(),
  /** Display name in the requested list language (Simplified Chinese for zh-cn, else English). */
  label: Type.String(),
  phoneCode: Type.String(),
  region: Type.String(),
  states: Type.Array(Type.String()),
});
export type CountryRecord = Static<typeof CountryRecordSchema>;

export interface OptionRecord {
  text: string;
  value: string;
  childOptions?: OptionRecord[];
}
