/**
 * What the member service's README says of each call beyond its fields: what it means and which
 * codes it answers with. Keyed by method and contract url; the table in the README is generated
 * from the contract (shared/contract) with these notes (scripts/calls-table.ts), and a test
 * fails when a call has no note, a note no call, or the README's table is not the generated one.
 */
export const CALL_NOTES: Record<string, { request: string; reply: string }> = {
  'POST /api/Member/Login': {
    request:
      "`userId` (the account ID: the e-mail address), `password` (encoded), `returnUrl?` (already allow-listed by the BFF; the BFF leaves out the portal's own pages), `pass?`, `signedInFrom?` (`{ device, ipPrefix }`: where the browser signs in from, which every sign-in call takes)",
    reply:
      "Signed in (a token): `{ token, tokenExpiresAt, userId, memberId, status, redirectUrl?, id?, tempId?, signInEventId? }` (every sign-in call: with `signedInFrom`, the `signIn` event is recorded in the same call and `signInEventId` names it) with code `ok`, `preferring` (a return URL and no preferences chosen yet: choosing-preferring comes first), `defaultpwd` (status 2, initial password never changed), `mustchange` (status 2 after an earlier change), `expired` (status 3). With a return URL, `ok` and `preferring` carry `id` (public id) and `tempId`, a one-time `sso` ticket (see Single sign-on). Refused: `AccountOrPwdFail` (unknown account or wrong password: same reply, same work), `ContactHR` (an address at a COMPANY_DOMAINS domain, whether or not it exists, unless an employee's with the right password), `mustactivate` (e-mail not verified, right password), `unauthorized` (inactive or deactivated), `OneYearNotUpdatePwd` with `{ userId }` and no token (right password older than a year: the annual reminder mail handles it)",
  },
  'POST /api/Member/SendOtpCode': {
    request: '`userId`, `otpVerifyType` (1 e-mail, 2 phone), `lang?`',
    reply:
      "Codes go only to a member who activated and is not inactive or deactivated. E-mail: ok `{ showSendCode: true }` always (the mail is queued after the reply, see Outgoing mail and texts). Phone: ok `{ showSendCode: true }` for everyone, and the text goes after the reply, only to a proven mobile number (see Phone proof); to the portal alone the reply adds `memberId` and `lastThreeDigits` when a text goes, and the portal shows the digits only to a browser that member has signed in from. A member without a proven number gets the code by e-mail instead, as does one whose number's hourly budget is spent; a text the gateway refused voids its code and the queue tries again with a new one until 10 minutes have passed or a newer code request replaces it. The BFF keeps the 180-second send window",
  },
  'POST /api/Member/SendPhoneProofCode': {
    request: 'Bearer; `lang?`',
    reply:
      "ok `{ lastThreeDigits }`: a code to prove the mobile number on file went there by text message; `FormValidateFail` (400, `mobile`: `MobileNumberRequired`) without a mobile number; `TooManyRequests` (the number's hourly budget is spent); `badrequest` (the first attempt failed; the queue tries again, as for sign-in codes)",
  },
  'POST /api/Member/ConfirmPhoneProof': {
    request: 'Bearer; `code`',
    reply:
      'ok `{ mobileVerified: true }`: the number the code went to is proven; `unauthorized` (wrong code, or a code sent to a number changed since), `TokenIssue` (expired), `CodeNoLongerValid`',
  },
  'POST /api/Member/otpVerify': {
    request:
      '`userId`, `code`, `otpVerifyType?`, `returnUrl?`, `pass?`, `confirmsPassword?` (the same browser session just gave the password that answered `confirmbycode`: an e-mail code then confirms it)',
    reply:
      "as Login's signed-in codes (and `mustactivate`, `unauthorized` by state); `unauthorized` (wrong code or unknown account), `TokenIssue` (expired), `CodeNoLongerValid` (an older, used or spent code)",
  },
  'POST /api/Member/CheckGoToProfile': {
    request: '`memberId` (public id), `userId?` (must match when given), `tempId` (an `sso` ticket)',
    reply:
      "ok `{ memberId, userId, firstName, lastName, tempId }` where `tempId` is a new one-time `referer` ticket; `TempIdInValid` (unknown, used, expired, another member's, or its sign-in ended)",
  },
  'POST /api/Member/RefererLogin': {
    request: '`id` (public id), `tempId` (a `referer` ticket)',
    reply: "as Login's signed-in codes: a new member token; `TempIdInValid` otherwise",
  },
  'GET /api/Member/Logout': {
    request: 'Bearer',
    reply: 'ok; the token is revoked',
  },
  'GET /api/Member/IsLogin': {
    request: 'Bearer',
    reply: 'ok: `{ isLogin: true }` (401 otherwise)',
  },
  'GET /api/Member': {
    request: 'Bearer',
    reply: 'ok: `Member` of `shared/schemas/member.ts`; `mobileVerified` tells whether the mobile number on file is proven',
  },
  'GET /api/member': {
    request: 'Bearer',
    reply: 'ok: `Member` of `shared/schemas/member.ts`; `mobileVerified` tells whether the mobile number on file is proven',
  },
  'PUT /api/member': {
    request: 'Bearer; `ProfileUpdate` (extra fields are ignored: e-mail, status, ids cannot change)',
    reply: 'ok: the updated `Member` (a changed mobile number is unproven); `FormValidateFail` with `errors`',
  },
  'PUT /api/Member/UpdateMemberSubscribe': {
    request: "Bearer; `{ userId?, isSubscribe }` (`userId`, when sent, must be the member's own)",
    reply:
      "ok: the updated `Member`; the change is recorded in the consent history (`consent_events`: consent, answer, policy version, source `my-account`, time); `Forbidden` (200) for another member's `userId`",
  },
  'GET /api/Member/ExportProfile': {
    request: 'Bearer',
    reply:
      "ok: `{ fileName: 'Profile.csv', csv }`: the file, byte-order mark first (see Account data below); the BFF sends it as `text/csv`",
  },
  'DELETE /api/member': {
    request: 'Bearer; empty JSON body',
    reply: 'the deletion request, same as ApplyDeleteTag',
  },
  'POST /api/Member/ApplyDeleteTag': {
    request: 'Bearer',
    reply:
      'ok: the `Member` with `myAccountDeleteDate` (30 days after the first request; asking again keeps it) and the confirmation mail is sent; `Forbidden` (200) for employees',
  },
  'POST /api/Member/ApplyRestoreTag': {
    request: 'Bearer',
    reply: 'ok: the `Member` with `myAccountDeleteDate: null`',
  },
  'PATCH /api/member': {
    request: 'Bearer; `businessApplicationAreas`, `inProducts` (option values, at least one each; `shared/schemas/preferences.ts`)',
    reply: 'ok: the updated `Member`, `preferring` false; `FormValidateFail` (`QuestionRequired`, `Form_NotExist`)',
  },
  'POST /api/Member/IsExist': {
    request: '`email`',
    reply: 'ok: `{ isExist }`; `ContactHR` for a company-owned domain',
  },
  'POST /api/Member/Register': {
    request:
      'registration payload of `shared/schemas/register.ts` with `password`/`confirmPassword` encoded, consent flags removed and replaced by `consents: string[]` (the consents given: `global-policy`, `turkey-policy`, `korea-terms`, `korea-personal-data`, `japan-policy`, `subscribe`), `isSubscribe` (when absent: whether `subscribe` is among the consents), `lang`; `memberSocial` (a social sign-up the BFF verified: no password needed)',
    reply:
      'ok: `{ memberId }` and the verification mail is sent; `EmailExists`, `ContactHR`, `Form_RepeatMember` (the social account belongs to another member), `FormValidateFail` (a password on the common-password list: `PasswordTooCommon`). The consents are recorded with their policy version; for China the fixed-line fields are dropped',
  },
  'POST /api/Member/Activate': {
    request:
      "`userId` (public id), `token`, `registrantEmail?` (the address the browser registered, from the portal's registration cookie: when it is the member's, the password chosen at registration is confirmed; otherwise it needs a mailed code once)",
    reply:
      'ok: `{ returnUrl?, pass?, socialType }`, the mailbox is proven (see Mailbox proof); `Activated` (already active), `unauthorized` (unknown, used, expired or superseded link)',
  },
  'POST /api/Member/Reactivate': {
    request: '`userId` (e-mail or public id), `checkResend?` (accepted; the BFF keeps the countdown), `lang?`',
    reply:
      "ok (always, so the reply does not reveal whether an address is registered; the mail is queued after the reply). A new link is mailed only to an unverified member, at most `VERIFICATION_MAIL_PER_ADDRESS_PER_HOUR` an hour per address however it is named, and it supersedes older links. Language: `lang`, else `Accept-Language`, else the member's own",
  },
  'POST /api/Member/ForgotPwd': {
    request: '`userId` (e-mail), `returnUrl?` (already allow-listed by the BFF; kept with the link), `lang?`',
    reply:
      'ok: the reset mail is queued before the reply (its link is made when it goes out). `notfound`, `mustactivate` (e-mail not verified), `unauthorized` (inactive or deactivated), `ResetPwd4DL` (employee account: `is_emp`), `FormValidateFail` (not an e-mail address). It tells registered from unregistered addresses because the screen must; the BFF adds captcha and per-IP and per-address limits',
  },
  'POST /api/Member/ResendResetPwdMail': {
    request: '`userId` (e-mail or public id), `lang?`',
    reply: 'ok, always (reveals nothing); a new reset link is mailed to a member who may reset',
  },
  'GET /api/Member/CheckResetPwdTokenIsExpired/:token': {
    request: "query `userId?` (public id; must match the link's member)",
    reply:
      "ok: `{ reason, userId }` (`forgot` or `annual`; `userId` is the account's e-mail, which the portal keeps to itself); `ResetLinkExpired` (unknown, used, expired, superseded or another member's)",
  },
  'POST /api/Member/ValidatePwdUnAuth': {
    request: '`userId` (public id), `token`, `password` (encoded)',
    reply: 'ok, or the refusal ResetPwdUnAuth would give, without using the link',
  },
  'POST /api/Member/ResetPwdUnAuth': {
    request: '`userId` (public id), `token`, `password` (encoded), `lang?`',
    reply:
      'ok: `{ memberId, userId, redirectUrl? }` (the BFF drops `memberId` and allow-lists `redirectUrl`). `ResetLinkExpired`; `FormValidateFail` with `password`: `PasswordFormat` or `PasswordTooCommon` (the common-password list of zxcvbn-ts, case-insensitive); `useridpwdthesame`; `passwordused` (the current password). A refused password leaves the link usable; a change uses it up, proves the mailbox (see Mailbox proof: every member token, ticket, code and open link ends) and mails a notification',
  },
  'POST /api/Member/ValidatePwd': {
    request: 'Bearer; `password` (encoded)',
    reply: 'ok, or the same refusals for the signed-in member',
  },
  'POST /api/Member/ResetPwd': {
    request: 'Bearer; `currentPassword`, `newPassword` (encoded), `lang?`',
    reply:
      "ok: `{ memberId }`; `AccountOrPwdFail` (wrong current password) and the refusals above. Ends the member's other tokens (not this one) and open password links; mails a notification",
  },
  'POST /api/Member/ResendOneYearNotUpdatePwdMail': {
    request: '`userId?` (e-mail or public id), `lang?`',
    reply: "ok, always; the annual reminder is mailed only when the member's password is at least a year old (or status 3)",
  },
  'PUT /api/Member/UpdateMemberPwdDate': {
    request: "`memberId` (the public id: `seq` of the keep link), `tempId` (the keep link's one-time token)",
    reply:
      "ok: data is the member's return URL or `''`; the password's one-year clock restarts (status 3 becomes 1). `ResetLinkExpired` otherwise",
  },
  'GET /api/Member/GetSampleNumber/:id': {
    request: '`id`: ISO alpha-2 country code (`DE`) or calling code (`49`, `+49`)',
    reply:
      "ok: `{ fixed, mobile }`, real example numbers of that numbering plan in international form (`+49 30 123456`; `''` when the plan has none); `Form_NotExist` for a country without a numbering plan",
  },
  'POST /api/Member/GoogleLogin': {
    request: "`id` (the provider's user id, **verified by the BFF**), `returnUrl?`, `pass?`",
    reply:
      'as Login: ok with `{ token, tokenExpiresAt, userId, memberId, status, redirectUrl? }`; `notfound` (no member has that identity: the BFF sends the visitor to sign up), `mustactivate`, `unauthorized`. Never matched by e-mail address (see Social sign-in)',
  },
  'POST /api/Member/FbLogin': {
    request: "`id` (the provider's user id, **verified by the BFF**), `returnUrl?`, `pass?`",
    reply:
      'as Login: ok with `{ token, tokenExpiresAt, userId, memberId, status, redirectUrl? }`; `notfound` (no member has that identity: the BFF sends the visitor to sign up), `mustactivate`, `unauthorized`. Never matched by e-mail address (see Social sign-in)',
  },
  'POST /api/Member/LinkedinLogin': {
    request: "`id` (the provider's user id, **verified by the BFF**), `returnUrl?`, `pass?`",
    reply:
      'as Login: ok with `{ token, tokenExpiresAt, userId, memberId, status, redirectUrl? }`; `notfound` (no member has that identity: the BFF sends the visitor to sign up), `mustactivate`, `unauthorized`. Never matched by e-mail address (see Social sign-in)',
  },
  'POST /api/Member/SocialConnect': {
    request:
      'Bearer; `socialType` (1 Google, 2 Facebook, 3 LinkedIn), `isConnect`; on connect `socialId`, `socialEmail`, `socialName` of an identity the BFF verified for this member',
    reply:
      "ok (connect replaces the member's earlier link of that type; disconnect of a missing link is ok too); `Form_RepeatMember` when the identity is linked to another member",
  },
  'POST /api/Member/UpdateCrmPolicy': {
    request:
      '`hashEmail` (UID), `status` (PP: the policy version the mail asks to confirm, `[A-Za-z0-9._-]{1,40}`), `source?` (`aures` or empty)',
    reply:
      '`ok` with `{ email }` (masked, `ad***@example.com`) when the member is not subscribed yet; `preferring` (isSuccess true) when already subscribed; `somethingwrong` for anything that does not lead to a member, which changes nothing. The confirmation is recorded as consent `crm-policy` with version `status` (`aures:status` for aures)',
  },
  'POST /api/Member/UpdateCrmSubscribe': {
    request: '`hashEmail`, `isSub`',
    reply:
      "ok; `isSub: true` subscribes (and records consent `subscribe`), `false` ('Skip now') changes nothing; `somethingwrong` as above",
  },
  'POST /api/Member/SecurityEvents': {
    request:
      '`type` (one of `SECURITY_EVENT_TYPES` of `shared/schemas/security-center.ts`), the member by Bearer, `memberId` or `userId` (e-mail), `device?`, `ipPrefix?`, `method?`',
    reply:
      "ok `{ id }`: the event is recorded (see Security activity); ok without data when `userId` names no member (a refused sign-in of an unknown address is nobody's). A sign-in's own event is recorded by the sign-in call (`signedInFrom`)",
  },
  'POST /api/Member/SecurityEvents/NewDeviceSignIn': {
    request: '`memberId`, `eventId` (the `signInEventId` of a sign-in)',
    reply:
      "ok: the sign-in came from a browser new to the member (the portal knows its browsers), so the new-device mail is queued in the member's language, unless it is the member's first sign-in ever; `404 NotFound` when the member has no such sign-in event",
  },
  'GET /api/Member/SecurityEvents': {
    request: 'Bearer; query `before?` (an event id)',
    reply:
      "ok `{ events: [{ id, type, at, device, ipPrefix, method }], next? }`: the member's own events older than `before`, newest first, 20 at a time; `next` is the `before` of the next page when there is one",
  },
  'POST /api/Member/SecurityEvents/NotMe': {
    request: "`eventId`, and either Bearer (the member's own event) or `token` (from the new-device mail's link); `device?`, `ipPrefix?`",
    reply:
      "ok `{ memberId }`: every member token of the member is revoked and every unused ticket voided, a password-reset link is queued, a `notMe` event is recorded, and the link's token is used up (the BFF then ends the member's portal sessions). `404 NotFound` for another member's event, an unknown one, a wrong or used link token",
  },
  'GET /api/Member/Claims': {
    request: 'query `memberId` (digits) or `subject` (a public id), exactly one; service key only',
    reply:
      'ok `{ subject, email, emailVerified, givenName, familyName, lang, phone? }`: what the portal, as OpenID Provider, may tell a company site (`subject` is the public id; `phone` only a proven number); `404 NotFound` for an unknown member or one that can no longer sign in (inactive, deactivated); `400 badrequest` for neither or both',
  },
  'GET /api/Member/Passkeys': {
    request: 'Bearer',
    reply:
      "ok `{ passkeys: [{ id, name, createdAt, lastUsedAt, credentialId, transports }] }`: the member's own passkeys, oldest first (`id` is a random public id; `credentialId` and `transports` are for the portal's `excludeCredentials`, which it does not pass to the browser)",
  },
  'POST /api/Member/Passkeys': {
    request:
      'Bearer; `credentialId`, `publicKey` (COSE, base64url), `counter`, `transports`, `name` of a credential the **portal verified** (see Passkeys)',
    reply: 'ok `{ passkey }`; the passkey-added mail is queued; `409 PasskeyExists` when the credential is registered already',
  },
  'PATCH /api/Member/Passkeys/:id': {
    request: 'Bearer; `name`',
    reply: "ok `{ passkey }`; `404 NotFound` for another member's id or an unknown one",
  },
  'DELETE /api/Member/Passkeys/:id': {
    request: 'Bearer',
    reply: 'ok `{ id }`; `404 NotFound` as above',
  },
  'POST /api/Member/Passkey/Credential': {
    request: '`credentialId`',
    reply:
      "ok `{ publicKey, counter, transports, userId }`: what the portal verifies an assertion with, and the owner's sign-in ID (whose lock applies); `PasskeyNotAccepted` for an unknown credential",
  },
  'POST /api/Member/Passkey/Login': {
    request:
      '`credentialId`, `seenCounter` (the counter the assertion was verified against), `newCounter`, `returnUrl?`, `pass?` of an assertion the **portal verified**',
    reply:
      "as Login's signed-in codes (and `mustactivate`, `unauthorized` by state; no password-age check); `PasskeyNotAccepted` when the credential is gone or its counter is no longer `seenCounter` (another use came first: of two uses of one assertion, one passes)",
  },
  'GET /api/info/V2/Countries/:isSimplifiedChinese': {
    request: '`true` or `false`',
    reply:
      "ok: `CountryRecord[]` sorted by label: `code` (ISO alpha-2), `name` (English, what the member record stores), `label` (Simplified Chinese when `true`), `phoneCode` (the numbering plan's calling code, digits, no `+`; empty where there is none), `ownsPhoneCode` (true for the main country of a shared code: United States for `1`), `region` (`Africa`, `Asia`, `Europe`, `North America`, `Oceania`, `South America`, `Antarctica`), `states` (English names for Australia, Canada, China, Japan, Mexico, United States; empty otherwise)",
  },
  'GET /api/info/option/:category/:languageCode': {
    request: 'category 0 business application areas, 1 products of interest; language code of `shared/languages.ts`',
    reply:
      'ok: `OptionRecord[]`, two levels; values are stable (`factory-automation`, `factory-automation.robotics`), texts in the requested language',
  },
  'POST /api/Member/Passkey/Cloned': {
    request: '`credentialId`, `device`, `ipPrefix` (as the portal saw the request)',
    reply:
      'ok `{}`: the credential is disabled as possibly copied (its counter went backwards), a `passkeyCloned` event is recorded and the member is told by mail',
  },
};
