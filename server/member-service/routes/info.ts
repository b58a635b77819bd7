import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { OptionCategory } from '../../../shared/enums.ts';
import { languageFromCode } from '../../../shared/languages.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import { countryList } from '../data/country-lookup.ts';
import { optionList } from '../data/options.ts';
import { sampleNumbers } from '../data/sample-numbers.ts';
import { infoContract } from '../../../shared/contract/info.ts';

/** Reference data: countries with states and phone codes, and the two option trees. */
export async function infoRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { countries, options, sampleNumber } = infoContract;
  api.get(countries.url, { schema: countries.schema }, async (request) =>
    ok(await countryList(request.params.isSimplifiedChinese.toLowerCase() === 'true')),
  );

  api.get(options.url, { schema: options.schema }, async (request) =>
    ok(optionList(Number(request.params.category) as OptionCategory, languageFromCode(Number(request.params.languageCode)) ?? 'en')),
  );

  api.get(sampleNumber.url, { schema: sampleNumber.schema }, async (request) => {
    const numbers = sampleNumbers(request.params.id);
    return numbers ? ok(numbers) : fail('Form_NotExist');
  });
}
