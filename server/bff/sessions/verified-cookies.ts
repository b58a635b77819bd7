import { Signer } from '@fastify/cookie';

/** How many verified cookies are remembered; past that the memory starts over (a few hundred KiB at most). */
const REMEMBERED = 10_000;

type Unsigned = ReturnType<Signer['unsign']>;

/**
 * The session cookie's signer, remembering the signed values whose signature already held and the
 * signature of each id it signed. A signature that held once holds for good (the key does not change
 * while the process runs), so a browser's next request costs a map lookup instead of an HMAC, both
 * when @fastify/session reads the cookie and when it signs the id again for the reply. Only values
 * that passed the check are kept; anything else is checked in full every time.
 */
export class VerifiedCookies {
  private readonly signer: Signer;
  private readonly verified = new Map<string, Unsigned>();
  private readonly signed = new Map<string, string>();

  constructor(secret: string) {
    this.signer = new Signer(secret);
  }

  sign(value: string): string {
    const known = this.signed.get(value);
    if (known !== undefined) return known;
    const signed = this.signer.sign(value);
    remember(this.signed, value, signed);
    return signed;
  }

  unsign(cookieValue: string): Unsigned {
    const known = this.verified.get(cookieValue);
    if (known !== undefined) return known;
    const unsigned = this.signer.unsign(cookieValue);
    if (unsigned.valid) remember(this.verified, cookieValue, unsigned);
    return unsigned;
  }
}

function remember<T>(memory: Map<string, T>, key: string, value: T): void {
  if (memory.size >= REMEMBERED) memory.clear();
  memory.set(key, value);
}
