import type { FieldCode } from '../../../shared/codes.ts';
import type { FieldErrors } from '../../../shared/rules/types.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { MemberStatus, SocialType } from '../../../shared/enums.ts';
import { PROMOTIONAL_PASS } from '../../../shared/limits.ts';
import { isCompanyDomain, normalizeEmail, validateEmail } from '../../../shared/rules/email.ts';
import { validateRegistration } from '../../../shared/rules/registration.ts';
import { registerContract, type UpstreamRegister } from '../../../shared/contract/register.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import { decodePassword } from '../../common/password-encoding.ts';
import { consentsToRecord, consentValues } from '../consents.ts';
import type { ServiceContext } from '../context.ts';
import { regionOf } from '../data/country-lookup.ts';
import { mailLanguage } from '../language.ts';
import { isCommonPassword } from '../security/common-passwords.ts';
import { randomToken } from '../security/tokens.ts';
import { checkContactFacts, withoutChinaPhone } from '../validation/contact-facts.ts';
import { errorList } from '../validation/form-errors.ts';

const trimmed = (value: string | undefined) => (value ?? '').trim();

/** A password that passes the rules may still be one of the most common breached ones. */
async function commonPasswordError(password: string | undefined, ruleError: FieldCode | undefined): Promise<FieldCode | undefined> {
  return password !== undefined && ruleError === undefined && (await isCommonPassword(password)) ? 'PasswordTooCommon' : undefined;
}

/** A social sign-up (verified by the BFF) has no password. */
function socialLink(body: UpstreamRegister) {
  const social = body.memberSocial;
  if (!social || social.socialType === SocialType.None || trimmed(social.socialId) === '') return undefined;
  return {
    socialType: social.socialType,
    socialId: trimmed(social.socialId),
    socialEmail: trimmed(social.socialEmail),
    socialName: trimmed(social.socialName),
  };
}

/** E-mail check and registration. */
export async function registerRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock, config } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(registerContract.isExist.url, { schema: registerContract.isExist.schema }, async (request, reply) => {
    const code = validateEmail(request.body.email);
    if (code) return reply.code(400).send(fail('FormValidateFail', { errors: [{ field: 'email', code }] }));
    const email = normalizeEmail(request.body.email);
    if (isCompanyDomain(email, config.companyDomains)) return fail('ContactHR');
    // A registration nobody activated does not hold the address: registering it again replaces it.
    const member = await store.members.findByEmail(email);
    return ok({ isExist: member !== undefined && member.status !== MemberStatus.Unverified });
  });

  api.post(registerContract.register.url, { schema: registerContract.register.schema }, async (request, reply) => {
    const body = withoutChinaPhone(request.body);
    const social = socialLink(body);
    const decode = (value: string | undefined) => (value === undefined ? undefined : decodePassword(value, config.passwordEncodingKey));
    const password = decode(body.password);
    const confirmPassword = decode(body.confirmPassword);
    const source = trimmed(body.source).toLowerCase();
    const ext = body.memberExtension ?? {};
    const values = {
      ...body,
      ...consentValues(body.consents, body.isSubscribe),
      password,
      confirmPassword,
      VATNumber: body.VATNumber ?? ext.vatNumber,
      Address: body.Address ?? ext.address,
    };
    const ruleErrors = validateRegistration(values, {
      source,
      isIotmartAna: source === PROMOTIONAL_PASS,
      region: await regionOf(body.country),
      isSocialSignUp: social !== undefined && body.password === undefined,
    });
    const undecodable: FieldErrors = {
      password:
        body.password !== undefined && password === undefined ? 'PasswordFormat' : await commonPasswordError(password, ruleErrors.password),
      confirmPassword: body.confirmPassword !== undefined && confirmPassword === undefined ? 'PasswordFormat' : undefined,
    };
    const errors = errorList(undecodable, ruleErrors, await checkContactFacts(values, ruleErrors));
    if (errors.length > 0) return reply.code(400).send(fail('FormValidateFail', { errors }));

    const email = normalizeEmail(body.email);
    if (isCompanyDomain(email, config.companyDomains)) return fail('ContactHR');
    const existing = await store.members.findByEmail(email);
    // An address nobody has proven yet is not taken: a new registration replaces the pending one.
    if (existing && existing.status !== MemberStatus.Unverified) return fail('EmailExists');

    const now = clock.now();
    const isSubscribe = values.isSubscribe === true;
    const lang = mailLanguage(body.lang, request.headers['accept-language']);
    const result = await store.members.register({
      member: {
        public_id: randomToken(16),
        email,
        password_hash: password ? await ctx.passwords.hash(password) : null,
        status: MemberStatus.Unverified,
        source,
        first_name: trimmed(body.firstName),
        last_name: trimmed(body.lastName),
        company_name: trimmed(body.companyName),
        country: trimmed(body.country),
        state: trimmed(body.state),
        tel_country_code: trimmed(body.telCountryCode),
        tel_areacode: trimmed(body.telAreacode),
        tel_no: trimmed(body.telNo),
        tel_ext: trimmed(body.telExt),
        mobile_country_code: trimmed(body.mobileCountryCode),
        mobile: trimmed(body.mobile),
        vat_number: trimmed(values.VATNumber),
        address: trimmed(values.Address),
        register_purpose: trimmed(ext.registerPurpose),
        referer: trimmed(ext.referer),
        utm_source: trimmed(ext.utmSource),
        utm_medium: trimmed(ext.utmMedium),
        utm_campaign: trimmed(ext.utmCampaign),
        return_url: trimmed(body.returnUrl),
        business_application_areas: '[]',
        in_products: '[]',
        is_subscribe: isSubscribe ? 1 : 0,
        is_emp: 0,
        preferring: 1,
        lang,
        created_at: now,
        updated_at: now,
        password_changed_at: password ? now : null,
      },
      consents: consentsToRecord(body.consents, isSubscribe),
      social,
      // Queued with the member in one transaction: registered means the mail will go, whatever the mail server does now.
      messages: [ctx.messages.draft('verification', { lang })],
      replacing: existing?.id,
    });
    if ('conflict' in result) return fail(result.conflict === 'email' ? 'EmailExists' : 'Form_RepeatMember');
    ctx.messages.deliverSoon();
    return ok({ memberId: result.member.id });
  });
}
