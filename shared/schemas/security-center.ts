import { Type, type Static } from '@sinclair/typebox';

/** How a session was signed in; `ticket` is a company site handing the member back with a sign-in ticket. */
const SIGN_IN_METHODS = ['password', 'code', 'social', 'passkey', 'ticket'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** Every kind of event in the member's security activity (locale keys `security.events.<type>`). */
const SECURITY_EVENT_TYPES = [
  'signIn',
  'signInFailed',
  'locked',
  'passwordChanged',
  'passwordReset',
  'codeSent',
  'socialConnected',
  'socialDisconnected',
  'passkeyAdded',
  'passkeyRemoved',
  'passkeyCloned',
  'sessionEnded',
  'deletionRequested',
  'deletionCancelled',
  'notMe',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** A security event's page size (newest first). */
export const SECURITY_EVENTS_PAGE_SIZE = 20;

/** An ISO 8601 time in UTC, e.g. 2026-11-23T17:48:08.000Z. */
const Time = Type.String({ maxLength: 30, pattern: '^\\d{4}-\\d{2}-\\d{2}T' });

/** An opaque id: sessions and events are named by random URL-safe text, never by a database key or a cookie. */
const OpaqueId = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** `device`: browser and operating system as read from the user agent, e.g. "Chrome 131 · Windows 10". */
const Device = Type.String({ maxLength: 120 });
/** `ipPrefix`: the address's /24 (IPv4) or /48 (IPv6) network, e.g. "203.0.113.0/24". */
const IpPrefix = Type.String({ maxLength: 60 });

/** GET /api/Member/Sessions: one of the member's own browser sessions. */
export const MemberSessionSchema = Type.Object({
  id: OpaqueId,
  current: Type.Boolean(),
  createdAt: Time,
  lastSeenAt: Time,
  device: Device,
  ipPrefix: IpPrefix,
  method: Type.Union(SIGN_IN_METHODS.map((m) => Type.Literal(m))),
});
export type MemberSession = Static<typeof MemberSessionSchema>;

export const SessionIdParamsSchema = Type.Object({ id: OpaqueId });

/** GET /api/Member/SecurityEvents: `before` is the id of the last event already shown. */
export const SecurityEventsQuerySchema = Type.Object({ before: Type.Optional(OpaqueId) });

const SecurityEventSchema = Type.Object({
  id: OpaqueId,
  type: Type.Union(SECURITY_EVENT_TYPES.map((t) => Type.Literal(t))),
  at: Time,
  device: Device,
  ipPrefix: IpPrefix,
  method: Type.String({ maxLength: 20 }),
});
export type SecurityEvent = Static<typeof SecurityEventSchema>;

export const SecurityEventsPageSchema = Type.Object({
  events: Type.Array(SecurityEventSchema),
  /** Present when older events exist: pass it as `before`. */
  next: Type.Optional(OpaqueId),
});
export type SecurityEventsPage = Static<typeof SecurityEventsPageSchema>;

/**
 * POST /api/Member/SecurityEvents/NotMe: signed in, the event's id; from the new-device mail's
 * link, the event's id and the link's token (no session needed).
 */
export const NotMeRequestSchema = Type.Object({
  eventId: OpaqueId,
  token: Type.Optional(Type.String({ minLength: 16, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' })),
});
export type NotMeRequest = Static<typeof NotMeRequestSchema>;

/** Portal → member service: an event the portal witnessed, for the member of the token, or of `memberId` / `userId`. */
export const RecordSecurityEventSchema = Type.Object({
  type: Type.Union(SECURITY_EVENT_TYPES.map((t) => Type.Literal(t))),
  memberId: Type.Optional(Type.Integer({ minimum: 1 })),
  userId: Type.Optional(Type.String({ maxLength: 254 })),
  device: Type.Optional(Device),
  ipPrefix: Type.Optional(IpPrefix),
  method: Type.Optional(Type.String({ maxLength: 20 })),
});
export type RecordSecurityEvent = Static<typeof RecordSecurityEventSchema>;

/**
 * Portal → member service, with each sign-in: where the browser signed in from. The member
 * service records the sign-in's event with it, in the same call that signs the member in.
 */
export const SignedInFromSchema = Type.Object({ device: Device, ipPrefix: IpPrefix });
export type SignedInFrom = Static<typeof SignedInFromSchema>;

/** Portal → member service: the sign-in `eventId` came from a browser the member has not used lately; mail the member about it. */
export const NewDeviceSignInSchema = Type.Object({ memberId: Type.Integer({ minimum: 1 }), eventId: OpaqueId });
export type NewDeviceSignIn = Static<typeof NewDeviceSignInSchema>;
