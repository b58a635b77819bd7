import { Type } from '@sinclair/typebox';
import { replySchemas } from '../../schemas/reply.ts';
import {
  MemberSessionSchema,
  NotMeRequestSchema,
  SecurityEventsPageSchema,
  SecurityEventsQuerySchema,
  SessionIdParamsSchema,
} from '../../schemas/security-center.ts';
import { portalRoute } from '../route.ts';

const member = { member: true };

/** The member's security activity and browser sessions. */
export const securityCenterPortal = {
  events: portalRoute(
    'GET',
    '/api/Member/SecurityEvents',
    { querystring: SecurityEventsQuerySchema, response: replySchemas(SecurityEventsPageSchema) },
    { member: true, compressed: true },
  ),
  /** Signed in from My account, or signed out with the new-device mail's token. */
  notMe: portalRoute(
    'POST',
    '/api/Member/SecurityEvents/NotMe',
    { body: NotMeRequestSchema, response: replySchemas(Type.Object({})) },
    member,
  ),
  sessions: portalRoute('GET', '/api/Member/Sessions', { response: replySchemas(Type.Array(MemberSessionSchema)) }, member),
  endSession: portalRoute(
    'DELETE',
    '/api/Member/Sessions/:id',
    { params: SessionIdParamsSchema, response: replySchemas(Type.Object({})) },
    { member: true, also: [404] },
  ),
  endOtherSessions: portalRoute(
    'POST',
    '/api/Member/Sessions/EndOthers',
    { response: replySchemas(Type.Object({ ended: Type.Integer() })) },
    member,
  ),
};
