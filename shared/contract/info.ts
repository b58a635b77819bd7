import { Type, type TSchema } from '@sinclair/typebox';
import { CountryRecordSchema } from '../schemas/info.ts';
import { replies, route } from './route.ts';

const CountriesParamsSchema = Type.Object({
  isSimplifiedChinese: Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('True'), Type.Literal('False')]),
});

const OptionParamsSchema = Type.Object({
  category: Type.String({ pattern: '^[01]$' }),
  languageCode: Type.String({ pattern: '^[0-5]$' }),
});

/** A country's ISO alpha-2 code or a calling code. */
const SampleNumberParamsSchema = Type.Object({
  id: Type.String({ pattern: '^([A-Za-z]{2}|\\+?[0-9]{1,4})$' }),
});

export const SampleNumbersSchema = Type.Object({
  /** International form, e.g. '+49 30 123456'; '' when the numbering plan has no example. */
  fixed: Type.String(),
  mobile: Type.String(),
});

/** An option tree to a fixed depth (the trees have two levels; one more is allowed). */
function optionLevel(depth: number): TSchema {
  return Type.Object({
    text: Type.String(),
    value: Type.String(),
    ...(depth > 1 ? { childOptions: Type.Optional(Type.Array(optionLevel(depth - 1))) } : {}),
  });
}
export const OptionTreeSchema = Type.Array(optionLevel(3));

/** Reference data: countries with states and calling codes, the two option trees, sample numbers. */
export const infoContract = {
  countries: route('GET', '/api/info/V2/Countries/:isSimplifiedChinese', {
    params: CountriesParamsSchema,
    response: replies(Type.Array(CountryRecordSchema)),
  }),
  options: route('GET', '/api/info/option/:category/:languageCode', { params: OptionParamsSchema, response: replies(OptionTreeSchema) }),
  sampleNumber: route('GET', '/api/Member/GetSampleNumber/:id', {
    params: SampleNumberParamsSchema,
    response: replies(SampleNumbersSchema),
  }),
};
