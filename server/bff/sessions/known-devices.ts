import { createHash, randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeyValueStore } from '../store/key-value-store.ts';

/** A browser the member has not signed in from for this long counts as new again. */
const KNOWN_DEVICE_DAYS = 90;
/** Browsers keep a cookie at most 400 days; it is renewed at every sign-in. */
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export const DEVICE_COOKIE = 'portal-device';
/** The `__Host-` form when Secure, like the session cookie: a subdomain cannot plant it. */
const SECURE_DEVICE_COOKIE = `__Host-${DEVICE_COOKIE}`;

const seenKey = (memberId: number, deviceId: string) => `device-seen:${memberId}:${createHash('sha256').update(deviceId).digest('hex')}`;

/**
 * Tells sign-ins from a browser the member has used within KNOWN_DEVICE_DAYS from the others.
 * The browser is known by a long-lived, signed, HttpOnly cookie holding a random id; which ids
 * each member used (hashed) lives in the portal's store, so the cookie says nothing by itself.
 */
export class KnownDevices {
  private readonly signer: Signer;
  private readonly cookieName: string;

  constructor(
    private readonly store: KeyValueStore,
    secret: string,
    private readonly secure: boolean,
  ) {
    this.signer = new Signer(secret);
    this.cookieName = secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
  }

  /** The browser's device id: the cookie's when its signature holds, else a new one. */
  private deviceId(request: FastifyRequest): string {
    const raw = request.cookies?.[this.cookieName];
    const unsigned = raw ? this.signer.unsign(raw) : undefined;
    return unsigned?.valid && unsigned.value ? unsigned.value : randomBytes(24).toString('base64url');
  }

  /** Whether the member has signed in from this browser within KNOWN_DEVICE_DAYS; reads only, sets no cookie. */
  async knows(request: FastifyRequest, memberId: number): Promise<boolean> {
    const raw = request.cookies?.[this.cookieName];
    const unsigned = raw ? this.signer.unsign(raw) : undefined;
    if (!unsigned?.valid || !unsigned.value) return false;
    return (await this.store.get(seenKey(memberId, unsigned.value))) !== undefined;
  }

  /** Records a sign-in of the member from this browser; true when the browser is new to the member. */
  async signedIn(request: FastifyRequest, reply: FastifyReply, memberId: number): Promise<boolean> {
    const deviceId = this.deviceId(request);
    reply.setCookie(this.cookieName, this.signer.sign(deviceId), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: COOKIE_MAX_AGE_SECONDS,
    });
    const key = seenKey(memberId, deviceId);
    const known = (await this.store.get(key)) !== undefined;
    await this.store.set(key, '1', KNOWN_DEVICE_DAYS * 24 * 60 * 60);
    return !known;
  }
}
