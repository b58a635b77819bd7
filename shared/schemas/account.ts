import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH } from '../limits.ts';

/** PUT /api/Member/UpdateMemberSubscribe: the signed-in member's own answer. */
export const SubscriptionUpdateSchema = Type.Object({
  userId: Type.Optional(Type.String({ maxLength: EMAIL_MAX_LENGTH })),
  isSubscribe: Type.Boolean(),
});
export type SubscriptionUpdate = Static<typeof SubscriptionUpdateSchema>;

/** GET /api/Member/ExportProfile from the member service: the file the portal sends on. */
export const ProfileExportSchema = Type.Object({
  fileName: Type.String(),
  csv: Type.String(),
});
export type ProfileExport = Static<typeof ProfileExportSchema>;
