import { Type, type Static } from '@sinclair/typebox';

/** Country record of spec section 3. `name` is the English name the member record stores. */
export const CountryRecordSchema = Type.Object({
  code: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  name: Type.String(),
  /** Display name in the requested list language (Simplified Chinese for zh-cn, else English). */
  label: Type.String(),
  /** The calling code without a plus ('383'); '' where the numbering plan has none. */
  phoneCode: Type.String(),
  /** The main country of a calling code several share (United States for +1, United Kingdom for +44). */
  ownsPhoneCode: Type.Optional(Type.Boolean()),
  region: Type.String(),
  states: Type.Array(Type.String()),
});
export type CountryRecord = Static<typeof CountryRecordSchema>;

export interface OptionRecord {
  text: string;
  value: string;
  childOptions?: OptionRecord[];
}
