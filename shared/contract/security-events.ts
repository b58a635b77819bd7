import { Type } from '@sinclair/typebox';
import {
  NewDeviceSignInSchema,
  NotMeRequestSchema,
  RecordSecurityEventSchema,
  SecurityEventsPageSchema,
  SecurityEventsQuerySchema,
} from '../schemas/security-center.ts';
import { replies, route } from './route.ts';

/** Where the portal saw a disowning happen, recorded with the notMe event. */
const NotMeUpstreamSchema = Type.Composite([
  NotMeRequestSchema,
  Type.Object({ device: Type.Optional(Type.String({ maxLength: 120 })), ipPrefix: Type.Optional(Type.String({ maxLength: 60 })) }),
]);

/** The member's security activity: recorded by the portal, read and disowned by the member. */
export const securityEventsContract = {
  record: route('POST', '/api/Member/SecurityEvents', {
    body: RecordSecurityEventSchema,
    response: replies(Type.Object({ id: Type.String() })),
  }),
  newDeviceSignIn: route('POST', '/api/Member/SecurityEvents/NewDeviceSignIn', { body: NewDeviceSignInSchema, response: replies() }),
  list: route('GET', '/api/Member/SecurityEvents', { querystring: SecurityEventsQuerySchema, response: replies(SecurityEventsPageSchema) }),
  notMe: route('POST', '/api/Member/SecurityEvents/NotMe', {
    body: NotMeUpstreamSchema,
    response: replies(Type.Object({ memberId: Type.Integer() })),
  }),
};
