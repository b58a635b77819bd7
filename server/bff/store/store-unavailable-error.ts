import { ReplyError } from '../errors.ts';

/**
 * The shared store (Redis) did not answer. A ReplyError, so that a request needing the store
 * ends in 503 `servererror` instead of failing in some other way; the store logs the outage.
 */
export class StoreUnavailableError extends ReplyError {
  constructor(options?: { cause?: unknown }) {
    super(503, 'servererror');
    this.name = 'StoreUnavailableError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
