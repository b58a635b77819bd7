import { Type, type Static } from '@sinclair/typebox';
import { LoginResultDataSchema } from '../schemas/auth.ts';
import { SOCIAL_ORIGINS } from '../schemas/social.ts';
import { BrowserMemberSchema } from '../schemas/member.ts';

/**
 * The `data` of the portal's browser API replies where it differs from the member service's
 * (shared/contract): what the portal adds, reshapes or keeps back. The portal serialises each
 * reply with its route's schema, so a field not listed here never reaches the browser.
 */

/**
 * What the header and the change-password screen read of GET /api/Member while the password must
 * be changed first. Not a union with the whole member: the route picks the serializer, so neither validates.
 */
export const MemberBeforePasswordChangeSchema = Type.Pick(BrowserMemberSchema, ['userId', 'status', 'LastPwdModifiedDate']);

/** Every sign-in (password, code, ticket, passkey, social) and a password change on the way to a company site. */
export const SignInResultSchema = LoginResultDataSchema;
export type SignInResult = Static<typeof SignInResultSchema>;

/** A password door refused while the account is locked: the seconds the lock still lasts. */
export const LockedSchema = Type.Object({ remainingSeconds: Type.Integer() });

/** SendOtpCode: a code went out or the send window still runs; the resend countdown starts at remainingSeconds. */
export const OtpSendSchema = Type.Object({
  showSendCode: Type.Boolean(),
  remainingSeconds: Type.Optional(Type.Integer()),
  lastThreeDigits: Type.Optional(Type.String()),
});

export const LogoutSchema = Type.Object({ redirectUrl: Type.String({ description: 'the allowed callback URL, else the login page' }) });
export const BackToSiteSchema = Type.Object({
  url: Type.Union([Type.String(), Type.Null()], { description: 'null unless allow-listed' }),
  site: Type.Union([Type.String(), Type.Null()], {
    description: "the site's name (CALLBACK_SITE_NAMES) or host; null for a URL on the portal or not allow-listed",
  }),
});

/** ForgotPwd for an employee account (ResetPwd4DL): the employee platform's reset page, when configured. */
export const EmployeeResetSchema = Type.Object({ redirectUrl: Type.String() });
/** CheckResetPwdTokenIsExpired: why the link was mailed; the account it leads to stays in the portal. */
export const ResetLinkReasonSchema = Type.Object({ reason: Type.String() });
/** ResetPwdUnAuth: the account, and where to sign in next when the link came from an allowed site. */
export const LinkPasswordChangedSchema = Type.Object({
  userId: Type.Optional(Type.String()),
  redirectUrl: Type.Optional(Type.String()),
});
/** UpdateMemberPwdDate: the allowed callback URL to sign in to, or ''. */
export const KeptPasswordSchema = Type.String();

/** Register: the new member, and the proof that lets this browser resend the verification mail without a captcha. */
/** The browser gets the proof that it registered, never the new member's internal id. */
export const RegisteredSchema = Type.Object({ registrationProof: Type.String() });

/** PATCH /api/member (choosing-preferring): where to continue, an allowed return URL or My Account. */
export const PreferencesSavedSchema = Type.Object({ returnUrl: Type.String() });

/** The provider account shown to the member: never its id, which stays in the session. */
const SocialAccountSchema = Type.Object({
  socialType: Type.Integer(),
  socialEmail: Type.String(),
  socialName: Type.String(),
});
export const SocialAuthorizeSchema = Type.Object({ authorizationUrl: Type.String() });
/**
 * Social sign-in: a sign-in result, or (notfound) the verified account a sign-up will register.
 * One object with the fields of both, so the serializer writes it without trying each shape;
 * its type stays the union, so a reader must tell the two apart by the reply's code.
 */
export const SocialSignInSchema = Type.Unsafe<Static<typeof SocialAccountSchema> | SignInResult>(
  Type.Object(
    { ...SignInResultSchema.properties, ...Type.Partial(SocialAccountSchema).properties },
    { description: 'the sign-in result, or (code notfound) the provider account socialType, socialEmail and socialName' },
  ),
);
/** LinkedinVerify and SocialVerify: the verified account and the round trip it was for. */
export const SocialVerifiedSchema = Type.Object({
  ...SocialAccountSchema.properties,
  socialId: Type.String(),
  origin: Type.Union(SOCIAL_ORIGINS.map((origin) => Type.Literal(origin))),
});
export const SocialSignUpSchema = Type.Object({ identity: Type.Union([SocialAccountSchema, Type.Null()]) });
