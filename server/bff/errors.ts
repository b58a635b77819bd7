import type { ReplyCode } from '../../shared/codes.ts';
import type { FieldError } from '../../shared/schemas/reply.ts';

/**
 * Errors the BFF throws on purpose. The error handler turns each into the reply envelope;
 * anything else becomes a 500 `servererror`.
 */
export class ReplyError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ReplyCode,
    readonly errors?: FieldError[],
  ) {
    super(code);
    this.name = 'ReplyError';
  }
}

/** The member service did not answer usably: refused, timed out, or replied with something that is not the envelope. */
export class UpstreamUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UpstreamUnavailableError';
  }
}

export const notSignedIn = () => new ReplyError(401, 'Unauthorized');
export const forbidden = () => new ReplyError(403, 'Forbidden');
export const formValidateFail = (errors: FieldError[]) => new ReplyError(400, 'FormValidateFail', errors);
