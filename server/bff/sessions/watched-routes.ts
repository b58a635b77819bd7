import type { SecurityEventType, SignInMethod } from '../../../shared/schemas/security-center.ts';

/** Routes that start a session, by method and route pattern, with the way the member signed in. */
export const SIGN_IN_ROUTES: Readonly<Record<string, SignInMethod>> = {
  'POST /api/Member/Login': 'password',
  'POST /api/Member/otpVerify': 'code',
  'POST /api/Member/GoogleLogin': 'social',
  'POST /api/Member/FbLogin': 'social',
  'POST /api/Member/LinkedinLogin': 'social',
  'POST /api/Member/RefererLogin': 'ticket',
  'POST /api/Member/Passkey/Login': 'passkey',
};

/**
 * Routes whose success is an event of the member's security activity. A connect is recorded by
 * the member service itself, with the mail whose "This wasn't me" link names the event.
 */
export const CHANGE_ROUTES: Readonly<Record<string, SecurityEventType | ((body: unknown) => SecurityEventType | undefined)>> = {
  'POST /api/Member/ResetPwd': 'passwordChanged',
  'POST /api/Member/ResetPwdUnAuth': 'passwordReset',
  'POST /api/Member/SendOtpCode': 'codeSent',
  'POST /api/Member/SocialConnect': (body) => ((body as { isConnect?: boolean }).isConnect ? undefined : 'socialDisconnected'),
  'POST /api/Member/ApplyDeleteTag': 'deletionRequested',
  'POST /api/Member/ApplyRestoreTag': 'deletionCancelled',
  'POST /api/Member/Passkey/Register': 'passkeyAdded',
  'DELETE /api/Member/Passkeys/:id': 'passkeyRemoved',
};

/** The key of a request's route in the tables above. */
export const routeKey = (method: string, url: string | undefined) => `${method} ${url ?? ''}`;
