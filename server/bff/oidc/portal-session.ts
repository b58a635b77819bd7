import type { FastifyRequest } from 'fastify';
import { amrOf } from '../sign-in/sign-in-method.ts';

/**
 * The one place where the OpenID Provider reads the portal's browser session. Everything the
 * provider knows about a sign-in at the portal comes through here, so a change in how sessions
 * record their sign-in is mended in this file alone.
 */
export interface PortalSignIn {
  /** The portal session's id: the provider's sessions and the sites they reached are filed under it. */
  sessionId: string;
  memberId: number;
  /** The member service's token of the session, for asking about the member as the member. */
  memberToken: string;
  /** Epoch seconds of the sign-in (auth_time). */
  authTime: number;
  /** RFC 8176 method references of how the session signed in. */
  amr: string[];
}

/**
 * The signed-in member of this request as a site may rely on it, or undefined. A session made
 * by a company-site ticket proved nothing in this browser, and one that must change its password
 * serves nothing else first: both count as not signed in, so the member signs in (or changes the
 * password) at the portal's own screens.
 */
export function portalSignIn(request: FastifyRequest): PortalSignIn | undefined {
  const session = request.session;
  if (!session || session.memberId === undefined || session.memberToken === undefined || session.signedInAt === undefined) return undefined;
  if (session.signInMethod === 'ticket' || session.passwordChangeRequired) return undefined;
  return {
    sessionId: session.sessionId,
    memberId: session.memberId,
    memberToken: session.memberToken,
    authTime: Math.floor(session.signedInAt / 1000),
    amr: [...amrOf(session.signInMethod)],
  };
}
