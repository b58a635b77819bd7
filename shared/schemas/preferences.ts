import { Type, type Static } from '@sinclair/typebox';

const optionValues = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 200 });

/**
 * PATCH /api/member from choosing-preferring: the two multi-selects (option values, parents
 * included) and where to continue; the reply's data.returnUrl is that place once allowed.
 */
export const PreferencesUpdateSchema = Type.Object(
  {
    businessApplicationAreas: optionValues,
    inProducts: optionValues,
    returnUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);
export type PreferencesUpdate = Static<typeof PreferencesUpdateSchema>;

/** The member service's part of it: the choices only. */
export const UpstreamPreferencesSchema = Type.Omit(PreferencesUpdateSchema, ['returnUrl'], { additionalProperties: false });
export type UpstreamPreferences = Static<typeof UpstreamPreferencesSchema>;
