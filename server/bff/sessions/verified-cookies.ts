import type { Signer } from '@fastify/cookie';

/** How many verified cookies are remembered; past that the memory starts over (a few hundred KiB at most). */
const REMEMBERED = 10_000;

/**
 * Signed cookie values whose signature was already checked, with the value they carry. A signature
 * that held once holds for good (the key does not change while the process runs), so a browser's
 * next request costs a map lookup instead of an HMAC. Only values that passed the check are kept;
 * anything else is checked in full every time.
 */
export class VerifiedCookies {
  private readonly verified = new Map<string, string>();

  constructor(private readonly signer: Signer) {}

  /** The value the signed cookie carries, or undefined when its signature does not hold. */
  unsign(cookieValue: string): string | undefined {
    const known = this.verified.get(cookieValue);
    if (known !== undefined) return known;
    const unsigned = this.signer.unsign(cookieValue);
    if (!unsigned.valid || !unsigned.value) return undefined;
    if (this.verified.size >= REMEMBERED) this.verified.clear();
    this.verified.set(cookieValue, unsigned.value);
    return unsigned.value;
  }
}
