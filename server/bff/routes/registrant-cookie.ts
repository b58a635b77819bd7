import { Signer } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeEmail } from '../../../shared/rules/email.ts';

/**
 * How long after registering an activation in the same browser confirms the password chosen
 * there. Most people follow the link within minutes; later, or in another browser, the first
 * sign-in with that password asks for a mailed code once.
 */
const REGISTRANT_COOKIE_SECONDS = 24 * 60 * 60;

const REGISTRANT_COOKIE = 'portal-registrant';
/** The `__Host-` form when Secure: a subdomain cannot plant it. */
const SECURE_REGISTRANT_COOKIE = `__Host-${REGISTRANT_COOKIE}`;

/**
 * Which address this browser registered, for a short while: a signed, HttpOnly cookie. An
 * activation followed in that browser is the registrant proving the mailbox, so the password
 * he chose is the owner's. A pre-registering attacker's browser never sees the victim's link,
 * and the victim's browser never got the attacker's cookie.
 */
export class RegistrantCookie {
  private readonly signer: Signer;
  private readonly name: string;

  constructor(
    secret: string,
    private readonly secure: boolean,
  ) {
    this.signer = new Signer(secret);
    this.name = secure ? SECURE_REGISTRANT_COOKIE : REGISTRANT_COOKIE;
  }

  set(reply: FastifyReply, email: string, now: number): void {
    const until = now + REGISTRANT_COOKIE_SECONDS * 1000;
    reply.setCookie(this.name, this.signer.sign(`${until}:${normalizeEmail(email)}`), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: REGISTRANT_COOKIE_SECONDS,
    });
  }

  /** The address this browser registered, while its cookie is signed and fresh. */
  email(request: FastifyRequest, now: number): string | undefined {
    const raw = request.cookies?.[this.name];
    const unsigned = raw ? this.signer.unsign(raw) : undefined;
    if (!unsigned?.valid || !unsigned.value) return undefined;
    const split = unsigned.value.indexOf(':');
    const until = Number(unsigned.value.slice(0, split));
    return Number.isFinite(until) && until > now ? unsigned.value.slice(split + 1) : undefined;
  }
}
