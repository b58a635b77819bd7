import type { FastifyInstance } from 'fastify';
import type { OptionCategory } from '../../../shared/enums.ts';
import { languageFromCode } from '../../../shared/languages.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import { countryList } from '../data/countries.ts';
import { optionList } from '../data/options.ts';
import { sampleNumbers } from '../data/sample-numbers.ts';
import { CountriesParamsSchema, OptionParamsSchema, SampleNumberParamsSchema } from '../schemas.ts';

/** Reference data: countries with states and phone codes, and the two option trees. */
export async function infoRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { isSimplifiedChinese: string } }>(
    '/api/info/V2/Countries/:isSimplifiedChinese',
    { schema: { params: CountriesParamsSchema } },
    async (request) => ok(countryList(request.params.isSimplifiedChinese.toLowerCase() === 'true')),
  );

  app.get<{ Params: { category: string; languageCode: string } }>(
    '/api/info/option/:category/:languageCode',
    { schema: { params: OptionParamsSchema } },
    async (request) => ok(optionList(Number(request.params.category) as OptionCategory, languageFromCode(Number(request.params.languageCode)) ?? 'en')),
  );

  app.get<{ Params: { id: string } }>('/api/Member/GetSampleNumber/:id', { schema: { params: SampleNumberParamsSchema } }, async (request) => {
    const numbers = sampleNumbers(request.params.id);
    return numbers ? ok(numbers) : fail('Form_NotExist');
  });
}
