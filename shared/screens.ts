/**
 * Every screen of the client, in the order its routes are tried: the one table from which the
 * client's routes (client/routes.tsx), the chunks the screens come in (client/screens/), the page
 * shells the portal picks by path (shared/screen-groups.ts), the screens painted at build time
 * (client/screens/prerendered.ts) and the log's token-carrying paths (server/common/log-safe-path.ts)
 * are derived. A new screen is one entry here and one export in its group's chunk entry.
 */
export interface Screen {
  /** The first path segment after the language. */
  segment: string;
  /** The route patterns under /{lang}, each starting with /{segment}. */
  paths: readonly string[];
  /** `entry`: in the first chunk (login); otherwise the chunk of screens it comes in. */
  group: 'entry' | 'visitor' | 'member';
  /** The component's export in its group's chunk entry (client/screens/{group}.ts). */
  component: string;
  /** For signed-in members: a visitor goes to login. */
  memberOnly?: boolean;
  /** Reads the member anyway: that read is its login check (client/api/member.ts), no IsLogin before it. */
  readsMember?: boolean;
  /** Rendered to HTML at build time for each language. */
  prerendered?: boolean;
  /** Every path segment after this one is a token, ticket or pass: the log masks them. */
  secretAfter?: string;
}

export const SCREENS = [
  { segment: 'login', paths: ['/login'], group: 'entry', component: 'LoginPage', prerendered: true },
  { segment: 'logout', paths: ['/logout'], group: 'visitor', component: 'LogoutPage' },
  {
    segment: 'referer',
    paths: ['/referer', '/referer/:action/:seq/:tempid'],
    group: 'visitor',
    component: 'RefererPage',
    secretAfter: 'referer',
  },
  {
    segment: 'my-account',
    paths: ['/my-account'],
    group: 'member',
    component: 'MyAccountPage',
    memberOnly: true,
    readsMember: true,
    prerendered: true,
  },
  { segment: 'register', paths: ['/register'], group: 'visitor', component: 'RegisterPage', prerendered: true },
  {
    segment: 'verify-your-email-address',
    paths: ['/verify-your-email-address'],
    group: 'visitor',
    component: 'VerifyYourEmailAddressPage',
  },
  { segment: 'resend-verify-mail', paths: ['/resend-verify-mail'], group: 'visitor', component: 'ResendVerifyMailPage' },
  {
    segment: 'auth',
    paths: ['/auth/activate-member', '/auth/activate-member/:token/:userId/:pass'],
    group: 'visitor',
    component: 'ActivateMemberPage',
    secretAfter: 'activate-member',
  },
  { segment: 'redirect-page', paths: ['/redirect-page'], group: 'visitor', component: 'RedirectPage' },
  { segment: 'error', paths: ['/error'], group: 'visitor', component: 'ErrorPage' },
  {
    segment: 'choosing-preferring',
    paths: ['/choosing-preferring'],
    group: 'member',
    component: 'ChoosingPreferringPage',
    memberOnly: true,
    readsMember: true,
  },
  { segment: 'social-login', paths: ['/social-login'], group: 'visitor', component: 'SocialLoginPage' },
  { segment: 'confirm-subscription', paths: ['/confirm-subscription'], group: 'visitor', component: 'ConfirmSubscriptionPage' },
  { segment: 'forgot-password', paths: ['/forgot-password'], group: 'visitor', component: 'ForgotPasswordPage' },
  { segment: 'reset-password', paths: ['/reset-password'], group: 'visitor', component: 'ResetPasswordPage' },
  {
    segment: 'password-reset-link-expired',
    paths: ['/password-reset-link-expired'],
    group: 'visitor',
    component: 'PasswordResetLinkExpiredPage',
  },
  {
    segment: 'auth',
    paths: ['/auth/verify-email', '/auth/verify-email/:token/:userId'],
    group: 'visitor',
    component: 'VerifyEmailPage',
    secretAfter: 'verify-email',
  },
  { segment: 'change-password', paths: ['/change-password'], group: 'member', component: 'ChangePasswordPage' },
  {
    segment: 'notice-please-change-password',
    paths: ['/notice-please-change-password'],
    group: 'member',
    component: 'NoticePleaseChangePasswordPage',
  },
  // The OpenID Provider's interaction id, masked in the log like its interaction paths.
  {
    segment: 'site-consent',
    paths: ['/site-consent/:uid'],
    group: 'member',
    component: 'SiteConsentPage',
    memberOnly: true,
    secretAfter: 'site-consent',
  },
  { segment: 'password-changed', paths: ['/password-changed'], group: 'visitor', component: 'PasswordChangedPage' },
  {
    segment: 'notice-password-unchanged',
    paths: ['/notice-password-unchanged/:seq/:pass/:tempid'],
    group: 'visitor',
    component: 'NoticePasswordUnchangedPage',
    secretAfter: 'notice-password-unchanged',
  },
  {
    segment: 'not-me',
    paths: ['/not-me/:eventId', '/not-me/:eventId/:token'],
    group: 'visitor',
    component: 'NotMePage',
    secretAfter: 'not-me',
  },
] as const satisfies readonly Screen[];

export type ScreenEntry = (typeof SCREENS)[number];

/** The first path segments of the screens a group holds, each once. */
export const segmentsOf = (group: Screen['group']): string[] => [
  ...new Set(SCREENS.filter((screen) => screen.group === group).map((screen) => screen.segment)),
];

/** The screens that read the member anyway (their member read is the login check). */
export const MEMBER_READING_SEGMENTS: ReadonlySet<string> = new Set(
  SCREENS.filter((screen: Screen) => screen.readsMember).map((screen) => screen.segment),
);

/** The path segments after which a page path carries a secret. */
export const SECRET_PAGE_SEGMENTS: readonly string[] = SCREENS.flatMap((screen: Screen) =>
  screen.secretAfter ? [screen.secretAfter] : [],
);
