import { Type, type Static } from '@sinclair/typebox';

const optionValues = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 200 });

/** The member service's part: the two multi-selects (option values, parents included). */
export const UpstreamPreferencesSchema = Type.Object(
  { businessApplicationAreas: optionValues, inProducts: optionValues },
  { additionalProperties: false },
);

/**
 * PATCH /api/member from choosing-preferring: the choices (required unless `skip`) and where
 * to continue; the reply's data.returnUrl is that place once allowed. Skip saves nothing.
 */
export const PreferencesUpdateSchema = Type.Object(
  {
    businessApplicationAreas: Type.Optional(optionValues),
    inProducts: Type.Optional(optionValues),
    skip: Type.Optional(Type.Boolean()),
    returnUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);
export type PreferencesUpdate = Static<typeof PreferencesUpdateSchema>;
