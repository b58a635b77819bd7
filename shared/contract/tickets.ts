import { Type } from '@sinclair/typebox';
import { CheckGoToProfileRequestSchema, RefererLoginRequestSchema } from '../schemas/auth.ts';
import { replies, route } from './route.ts';
import { SignedInDataSchema, withSignedInFrom } from './sign-in.ts';

/** What a company site learns when it redeems a sign-in ticket. */
export const TicketMemberSchema = Type.Object({
  memberId: Type.String({ description: 'the public id' }),
  userId: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  /** A ticket for the referer screen, which signs the member in there. */
  tempId: Type.String(),
});

/** One-time single sign-on tickets. */
export const ticketsContract = {
  checkGoToProfile: route('POST', '/api/Member/CheckGoToProfile', {
    body: CheckGoToProfileRequestSchema,
    response: replies(TicketMemberSchema),
  }),
  refererLogin: route('POST', '/api/Member/RefererLogin', {
    body: withSignedInFrom(RefererLoginRequestSchema),
    response: replies(SignedInDataSchema),
  }),
};
