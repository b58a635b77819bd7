import type { FastifyInstance } from 'fastify';
import type { OptionCategory } from '../../../shared/enums.ts';
import { languageFromCode } from '../../../shared/languages.ts';
import { ok } from '../../../shared/schemas/reply.ts';
import { countryList } from '../data/countries.ts';
import { optionList } from '../data/options.ts';
import { CountriesParamsSchema, OptionParamsSchema } from '../schemas.ts';

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
}
