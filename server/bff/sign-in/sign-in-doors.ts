import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail, type Reply } from '../../../shared/schemas/reply.ts';
import { ReplyError } from '../errors.ts';
import { countRateLimited } from '../metrics/portal-metrics.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';
import type { UpstreamReply } from '../upstream.ts';
import { AddressFailures } from './address-failures.ts';
import { SignInLockout } from './lockout.ts';

/** What a door's reply proves about the secret it was given. */
type Verdict = 'wrong' | 'right' | 'unproven';

export interface SignInDoor {
  /**
   * What a wrong secret here counts towards: `account`, the sign-in ID's one password lock (spec
   * section 9); `credential`, a lock of the passkey alone, so that nobody who merely knows the
   * address keeps the member out of passkey sign-in. Codes and tickets have none.
   */
  locks?: 'account' | 'credential';
  verdict(reply: Pick<UpstreamReply<unknown>, 'body'>): Verdict;
}

/** Sign-in replies that can only come after the password was found right. */
const ACCOUNT_STATE_CODES = new Set(['mustactivate', 'unauthorized', 'OneYearNotUpdatePwd', 'confirmbycode']);
/** ContactHR: a company address answers it for a wrong password as well (member service). */
const WRONG_SIGN_IN_CODES = new Set(['AccountOrPwdFail', 'ContactHR']);
const WRONG_CODE_CODES = new Set(['unauthorized', 'TokenIssue', 'CodeNoLongerValid']);

/**
 * Every door where the portal checks a secret someone could guess, and what each reply
 * proves. (Social sign-in is not one: its state is bound to the session and the provider
 * confirms its code.) Only the codes
 * listed prove anything: an outage, a form error or an unknown code leaves the attempt counted
 * without resetting the series.
 */
export const SIGN_IN_DOORS = {
  /** Login. */
  password: {
    locks: 'account',
    verdict: ({ body }) =>
      WRONG_SIGN_IN_CODES.has(body.code) ? 'wrong' : body.isSuccess || ACCOUNT_STATE_CODES.has(body.code) ? 'right' : 'unproven',
  },
  /** ResetPwd: the current password confirms a change. */
  currentPassword: {
    locks: 'account',
    verdict: ({ body }) => (body.code === 'AccountOrPwdFail' ? 'wrong' : body.isSuccess ? 'right' : 'unproven'),
  },
  /**
   * ValidatePwd and ValidatePwdUnAuth compare a candidate new password with the current one:
   * `passwordused` says it is the current password, `ok` that it is not. Either answer is an
   * oracle for the current password, so each counts like a sign-in.
   */
  newPassword: {
    locks: 'account',
    verdict: ({ body }) => (body.code === 'passwordused' ? 'right' : body.isSuccess ? 'wrong' : 'unproven'),
  },
  /** otpVerify. */
  code: {
    verdict: ({ body }) => (body.isSuccess ? 'right' : WRONG_CODE_CODES.has(body.code) ? 'wrong' : 'unproven'),
  },
  /** RefererLogin. */
  ticket: {
    verdict: ({ body }) => (body.isSuccess ? 'right' : body.code === 'TempIdInValid' ? 'wrong' : 'unproven'),
  },
} as const satisfies Record<string, SignInDoor>;

export interface SignInDoorsOptions {
  /** Failed checks per client address within the window, at all doors together. */
  failuresPerAddress: number;
  failureWindowSeconds: number;
}

/** The doors of a portal, counting in its shared store with its configured limits. */
export function signInDoors({
  store,
  config,
}: {
  store: KeyValueStore;
  config: { loginFailuresPerIp: number; loginFailureWindowSeconds: number };
}): SignInDoors {
  return new SignInDoors(store, { failuresPerAddress: config.loginFailuresPerIp, failureWindowSeconds: config.loginFailureWindowSeconds });
}

/** Told what an attempt did beyond its reply (the sign-in service's log line and events). */
export interface DoorObserver {
  /** This attempt completed a series and started the lock (not one that met a running lock). */
  lockStarted?: () => void;
}

/** What a locked door answers with: the seconds the lock still lasts. */
export type Locked = { remainingSeconds: number };

/** The reply while an account is locked: the same status and shape as a wrong password at sign-in. */
function accountLocked(remainingSeconds: number): Reply<Locked> {
  return fail('AccountLock', { data: { remainingSeconds } });
}

/**
 * The one way a secret is checked. Before the check: an address that used up its failures
 * gets 429 with Retry-After, and a locked account gets AccountLock, even for the right
 * password. After it: a wrong secret counts against the address and, at a password door,
 * towards the account's lock (the failure that completes the series answers AccountLock);
 * a right password starts the series again.
 */
export class SignInDoors {
  private readonly lockout: SignInLockout;
  private readonly failures: AddressFailures;

  constructor(store: KeyValueStore, options: SignInDoorsOptions) {
    this.lockout = new SignInLockout(store);
    this.failures = new AddressFailures(store, options.failuresPerAddress, options.failureWindowSeconds);
  }

  /**
   * @param account the sign-in ID whose lock applies (a password door), or the credential id (the
   *   passkey door); undefined when the check cannot concern one (no session, a link that leads
   *   nowhere, an unknown credential).
   * @param check asks the member service; a ReplyError it throws is judged like a reply.
   */
  attempt<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    door: SignInDoor & { locks?: undefined },
    account: undefined,
    check: () => Promise<UpstreamReply<T>>,
    observer?: DoorObserver,
  ): Promise<UpstreamReply<T>>;
  attempt<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    door: SignInDoor,
    account: string | undefined,
    check: () => Promise<UpstreamReply<T>>,
    observer?: DoorObserver,
  ): Promise<UpstreamReply<T | Locked>>;
  async attempt<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    door: SignInDoor,
    account: string | undefined,
    check: () => Promise<UpstreamReply<T>>,
    observer: DoorObserver = {},
  ): Promise<UpstreamReply<T | Locked>> {
    const address = AddressFailures.address(request);
    const wait = await this.failures.blockedFor(address);
    if (wait !== undefined) {
      countRateLimited('sign_in_failures');
      reply.header('retry-after', String(wait));
      throw new ReplyError(429, 'TooManyRequests');
    }

    const locked =
      account === undefined || door.locks === undefined
        ? undefined
        : door.locks === 'account'
          ? SignInLockout.account(account)
          : SignInLockout.credential(account);
    let attempt = 0;
    if (locked !== undefined) {
      const gate = await this.lockout.begin(locked);
      if (!gate.allowed) return { status: 200, body: accountLocked(gate.remainingSeconds) };
      attempt = gate.attempt;
    }

    let result: UpstreamReply<T>;
    try {
      result = await check();
    } catch (error) {
      if (error instanceof ReplyError && door.verdict({ body: fail(error.code) }) === 'wrong') await this.failures.failed(address);
      throw error;
    }

    const verdict = door.verdict(result);
    if (verdict === 'wrong') {
      await this.failures.failed(address);
      const lockSeconds = locked === undefined ? undefined : await this.lockout.failed(locked, attempt);
      if (lockSeconds !== undefined) {
        observer.lockStarted?.();
        return { status: 200, body: accountLocked(lockSeconds) };
      }
    } else if (verdict === 'right' && locked !== undefined) {
      await this.lockout.succeeded(locked);
    }
    return result;
  }
}
