import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { infoContract, OptionTreeSchema, SampleNumbersSchema } from '../../../shared/contract/info.ts';
import { CountryRecordSchema } from '../../../shared/schemas/info.ts';
import { replySchemas } from '../../../shared/schemas/reply.ts';
import type { RouteDeps } from '../deps.ts';
import { relay } from './member-call.ts';

const CountriesParamsSchema = Type.Object({
  isSimplifiedChinese: Type.String({ pattern: '^([Tt]rue|[Ff]alse)$' }),
});
const SampleNumberParamsSchema = Type.Object({
  id: Type.String({ pattern: '^([A-Za-z]{2}|\\+?[0-9]{1,4})$' }),
});
const OptionParamsSchema = Type.Object({
  category: Type.Integer({ minimum: 0, maximum: 1 }),
  languageCode: Type.Integer({ minimum: 0, maximum: 5 }),
});

/** Reference data changes rarely and is the same for everyone. */
const PUBLIC_CACHE = 'public, max-age=300';

export default async function infoRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream } = deps;

  app.get<{ Params: Static<typeof CountriesParamsSchema> }>(
    '/api/info/V2/Countries/:isSimplifiedChinese',
    { schema: { params: CountriesParamsSchema, response: replySchemas(Type.Array(CountryRecordSchema)) } },
    async (request, reply) => {
      const flag = request.params.isSimplifiedChinese.toLowerCase() === 'true' ? 'true' : 'false';
      const result = await upstream.call(infoContract.countries, { params: { isSimplifiedChinese: flag } });
      if (result.body.isSuccess) reply.header('cache-control', PUBLIC_CACHE);
      return relay(reply, result);
    },
  );

  app.get<{ Params: Static<typeof OptionParamsSchema> }>(
    '/api/info/option/:category/:languageCode',
    { schema: { params: OptionParamsSchema, response: replySchemas(OptionTreeSchema) } },
    async (request, reply) => {
      const { category, languageCode } = request.params;
      const result = await upstream.call(infoContract.options, {
        params: { category: String(category), languageCode: String(languageCode) },
      });
      if (result.body.isSuccess) reply.header('cache-control', PUBLIC_CACHE);
      return relay(reply, result);
    },
  );

  // Example numbers of a country (ISO code) or calling code, for the register form's tooltip.
  app.get<{ Params: Static<typeof SampleNumberParamsSchema> }>(
    '/api/Member/GetSampleNumber/:id',
    { schema: { params: SampleNumberParamsSchema, response: replySchemas(SampleNumbersSchema) } },
    async (request, reply) => {
      const result = await upstream.call(infoContract.sampleNumber, { params: request.params });
      if (result.body.isSuccess) reply.header('cache-control', PUBLIC_CACHE);
      return relay(reply, result);
    },
  );
}
