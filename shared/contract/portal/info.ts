import { Type } from '@sinclair/typebox';
import { CountryRecordSchema } from '../../schemas/info.ts';
import { PortalConfigSchema } from '../../schemas/portal-config.ts';
import { replySchemas } from '../../schemas/reply.ts';
import { OptionTreeSchema, SampleNumbersSchema } from '../info.ts';
import { portalRoute } from '../route.ts';

/** Reference data and the client's settings: the same for every visitor of a host and language. */
export const infoPortal = {
  countries: portalRoute(
    'GET',
    '/api/info/V2/Countries/:isSimplifiedChinese',
    {
      params: Type.Object({ isSimplifiedChinese: Type.String({ pattern: '^([Tt]rue|[Ff]alse)$' }) }),
      response: replySchemas(Type.Array(CountryRecordSchema)),
    },
    { compressed: true },
  ),
  options: portalRoute(
    'GET',
    '/api/info/option/:category/:languageCode',
    {
      params: Type.Object({
        category: Type.Integer({ minimum: 0, maximum: 1 }),
        languageCode: Type.Integer({ minimum: 0, maximum: 5 }),
      }),
      response: replySchemas(OptionTreeSchema),
    },
    { compressed: true },
  ),
  /** Example numbers of a country (ISO code) or calling code, for the register form's tooltip. */
  sampleNumber: portalRoute('GET', '/api/Member/GetSampleNumber/:id', {
    params: Type.Object({ id: Type.String({ pattern: '^([A-Za-z]{2}|\\+?[0-9]{1,4})$' }) }),
    response: replySchemas(SampleNumbersSchema),
  }),
  portalConfig: portalRoute('GET', '/api/info/PortalConfig', { response: replySchemas(PortalConfigSchema) }),
};
