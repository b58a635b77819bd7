import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { replyCode } from '../../../shared/codes.ts';
import type { SignInResult } from '../../../shared/contract/portal-replies.ts';
import type { SignedInData } from '../../../shared/contract/sign-in.ts';
import { mustChangePassword } from '../../../shared/enums.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { fail, type Reply } from '../../../shared/schemas/reply.ts';
import type { SignInMethod, SignedInFrom } from '../../../shared/schemas/security-center.ts';
import { ReplyError } from '../errors.ts';
import { codeLabel, signInsTotal } from '../metrics/portal-metrics.ts';
import { PASSKEY_DOOR } from '../passkeys/passkey-door.ts';
import type { SessionEnder } from '../sessions/end-sessions.ts';
import type { KnownDevices } from '../sessions/known-devices.ts';
import { newDeviceMailer, securityEventRecorder, whereFrom } from '../sessions/security-event-recorder.ts';
import type { Upstream, UpstreamReply } from '../upstream.ts';
import { SIGN_IN_DOORS, type SignInDoor, type SignInDoors } from './sign-in-doors.ts';
import { browserReply, type BrowserReplyDeps } from './signed-in-reply.ts';

/** One sign-in attempt as a way in hands it over. */
export interface SignInAttempt {
  way: SignInMethod;
  /** The sign-in ID the visitor named (password, code): its lock and its refused-attempt events. */
  userId?: string;
  /** The passkey the assertion names: the lock of that credential alone. */
  credentialId?: string;
  /**
   * Asks the member service (after whatever the way in checks itself), saying where the browser
   * signs in from: the member service records the sign-in's event with it. A ReplyError it throws
   * is the attempt's outcome.
   */
  check: (signedInFrom: SignedInFrom) => Promise<UpstreamReply<SignedInData>>;
  /** A portal page to go to after the sign-in (a company site's URL goes upstream for its ticket instead). */
  localRedirect?: string;
}

/** What an attempt came to: what the metrics, the log line and the security activity are made of. */
export interface SignInOutcome {
  way: SignInMethod;
  code: string;
  /** A session was started. */
  signedIn: boolean;
  memberId?: number;
  /** The address the attempt concerns (the one named, or the member's), for the opaque reference only. */
  address?: string;
  /** This attempt started a lock (not one that met a running lock). */
  lockStarted: boolean;
}

export interface SignInServiceDeps extends BrowserReplyDeps {
  upstream: Upstream;
  doors: SignInDoors;
  knownDevices: KnownDevices;
  sessions: SessionEnder;
  /** Keys the opaque member reference of the log line (derived from SESSION_SECRET). */
  logReferenceKey: string;
}

/** Each way in's door (lock and per-address failures); a provider sign-in guesses nothing, so it has none. */
const DOORS: Record<SignInMethod, SignInDoor | undefined> = {
  password: SIGN_IN_DOORS.password,
  code: SIGN_IN_DOORS.code,
  ticket: SIGN_IN_DOORS.ticket,
  passkey: PASSKEY_DOOR,
  social: undefined,
};

/**
 * How a wrong secret is answered: a wrong password and an unknown account look the same as a lock
 * (`remainingSeconds` 0); a refused passkey carries nothing.
 */
const REFUSED: Partial<Record<SignInMethod, (code: string) => Reply<SignInResult>>> = {
  password: (code) => fail(replyCode(code), { data: { remainingSeconds: 0 } }),
  passkey: (code) => fail(replyCode(code)),
};

/**
 * The one place where every way in (password, code, provider, passkey, company-site ticket)
 * ends: the lock and per-address failures, the new session (a new id, stamped with how, when and
 * from where it signed in), the ticket's site, the device cookie, the security event (and with it
 * the new-device mail), the sign-in metrics and one log line per attempt.
 */
export class SignInService {
  private readonly record: ReturnType<typeof securityEventRecorder>;
  private readonly tellNewDevice: ReturnType<typeof newDeviceMailer>;

  constructor(private readonly deps: SignInServiceDeps) {
    this.record = securityEventRecorder(deps.upstream);
    this.tellNewDevice = newDeviceMailer(deps.upstream);
  }

  /** Runs the attempt and answers the browser; whatever it throws is counted and logged, then passed on. */
  async signIn(request: FastifyRequest, reply: FastifyReply, attempt: SignInAttempt): Promise<Reply<SignInResult>> {
    try {
      return await this.run(request, reply, attempt);
    } catch (error) {
      const code = error instanceof ReplyError ? error.code : 'servererror';
      this.finish(request, { way: attempt.way, code, signedIn: false, address: attempt.userId, lockStarted: false });
      throw error;
    }
  }

  private async run(request: FastifyRequest, reply: FastifyReply, attempt: SignInAttempt): Promise<Reply<SignInResult>> {
    const { way } = attempt;
    const door = DOORS[way];
    const lockedBy = door?.locks === 'credential' ? attempt.credentialId : attempt.userId;
    let lockStarted = false;
    const observer = { lockStarted: () => (lockStarted = true) };
    const signedInFrom = whereFrom(request);
    const check = () => attempt.check(signedInFrom);
    const result = door ? await this.deps.doors.attempt(request, reply, door, lockedBy, check, observer) : await check();
    const { body } = result;
    // A lock's reply carries only the seconds it still lasts.
    const data: Partial<SignedInData> = body.data === undefined || 'remainingSeconds' in body.data ? {} : body.data;
    const outcome: SignInOutcome = {
      way,
      code: body.code,
      signedIn: false,
      memberId: data.memberId,
      address: attempt.userId ?? data.userId,
      lockStarted,
    };

    const refused = REFUSED[way];
    let answer: Reply<SignInResult>;
    if (body.code === 'AccountLock') answer = body as Reply<SignInResult>;
    else if (refused && door?.verdict(result) === 'wrong') answer = refused(body.code);
    else {
      if (data.token && data.memberId !== undefined) {
        await this.startSession(request, reply, { way, data, signedInFrom });
        outcome.signedIn = true;
      } else if (way === 'ticket') {
        // A refused ticket ends whatever session the browser had: it came to change hands.
        await this.deps.sessions.endThisSession(request, reply, { reason: 'ticketRefused' });
      }
      answer = await browserReply(result, this.deps, attempt.localRedirect);
    }

    if (!outcome.signedIn && attempt.userId && (way === 'password' || way === 'code')) {
      const wrong = door?.verdict(result) === 'wrong';
      const type = outcome.lockStarted ? 'locked' : wrong ? 'signInFailed' : undefined;
      // Not awaited: a refused sign-in answers in the same time whether or not the account exists.
      if (type) void this.record(request, { type, userId: attempt.userId, method: way });
    }
    this.finish(request, outcome);
    reply.code(result.status);
    return answer;
  }

  /** A new session under a new id; a browser new to the member gets the member a mail. */
  private async startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    { way, data, signedInFrom }: { way: SignInMethod; data: Partial<SignedInData>; signedInFrom: SignedInFrom },
  ) {
    const memberId = data.memberId as number;
    await request.startMemberSession(
      { memberToken: data.token as string, tokenExpiresAt: data.tokenExpiresAt ?? '', userId: data.userId ?? '', memberId },
      // defaultpwd, mustchange and expired: the browser's redirect to change-password is not the only guard.
      { method: way, ...signedInFrom, passwordChangeRequired: data.status !== undefined && mustChangePassword(data.status) },
    );
    const newDevice = await this.deps.knownDevices.signedIn(request, reply, memberId);
    // The member service recorded the event with the sign-in; only the portal knows the browser.
    // Not awaited: the session exists either way, and the reply need not wait for the mail.
    if (newDevice && data.signInEventId) void this.tellNewDevice(request, memberId, data.signInEventId);
  }

  /** The metrics and the one log line of an attempt: its outcome, its way in, an opaque reference, never the address or a secret. */
  private finish(request: FastifyRequest, outcome: SignInOutcome) {
    signInsTotal.inc({ method: outcome.way, code: codeLabel(outcome.code) });
    const subject = outcome.address
      ? `address:${normalizeEmail(outcome.address)}`
      : outcome.memberId !== undefined
        ? `member:${outcome.memberId}`
        : undefined;
    const member = subject && createHmac('sha256', this.deps.logReferenceKey).update(subject).digest('base64url').slice(0, 16);
    request.log.info(
      { signIn: { way: outcome.way, outcome: outcome.code, signedIn: outcome.signedIn, lockStarted: outcome.lockStarted, member } },
      'sign-in attempt',
    );
  }
}
