import { FORM_ERROR } from 'final-form';
import { useCallback, useState } from 'react';
import { Form } from 'react-final-form';
import { FormSection } from '../../ui/form-section.tsx';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { validateRegistration } from '../../../shared/rules/registration.ts';
import type { CountryRecord } from '../../../shared/schemas/info.ts';
import { usePortalConfig } from '../../api/portal-config.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Captcha } from '../../ui/captcha/captcha.tsx';
import { submitWithFocus } from '../../ui/focus-first-invalid.ts';
import { captchaAnswer } from '../../ui/captcha/captcha-answer.ts';
import { NameFields } from '../../ui/name-fields.tsx';
import { useSocialSignUp } from '../../features/social/use-social-sign-up.ts';
import { useVariant } from '../../variant.ts';
import { pushRegistrationEvent } from '../../data-layer.ts';
import { socialSignUpPayload, socialSignUpValues, SocialSignUpAccount } from '../../features/social/social-sign-up.tsx';
import { useLanguage } from '../../session/language-context.ts';
import type { UrlSession } from '../../session/url-query.ts';
import { toastError } from '../../state/toasts.ts';
import { storeRegisteredEmail } from '../../features/verification/registered-email.ts';
import { findCountry } from '../../ui/country/find-country.ts';
import { EmailField } from './email-field.tsx';
import { LocationFields } from './location-fields.tsx';
import { PasswordFields } from './password-fields.tsx';
import { PhoneFields } from './phone-fields.tsx';
import { effectivePhoneMode } from './phone-mode.ts';
import { withSubscribeAnswer } from './privacy-answers.ts';
import { PrivacyBlock } from './privacy-block.tsx';
import { register } from './register-api.ts';
import { failureCode, toastFailure } from '../../state/request-failure.ts';
import { buildRegisterPayload } from './register-payload.ts';
import { INITIAL_REGISTER_VALUES, type RegisterFormValues } from './register-values.ts';
import { registerFailure } from './server-errors.ts';
import { useEmailCheck } from './use-email-check.ts';

export function RegisterForm({ countries, session }: { countries: readonly CountryRecord[] | undefined; session: UrlSession }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const emailCheck = useEmailCheck();
  const social = useSocialSignUp();
  const variant = useVariant();
  const portal = usePortalConfig();
  const captchaType = portal?.captcha.type;
  // Every submission uses up the captcha answer; a new one is needed for the next try.
  const [submissions, setSubmissions] = useState(0);

  const emailStatusOf = emailCheck.statusOf;
  const validate = useCallback(
    (values: RegisterFormValues) => {
      return validateRegistration(withSubscribeAnswer(values), {
        isIotmartAna: variant.isIotmartAna,
        region: findCountry(countries, values.country)?.region,
        source: session.pass,
        phoneMode: effectivePhoneMode(values.country, values.phoneMode),
        emailStatus: emailStatusOf(values.email),
        captchaType: captchaType ?? undefined,
        isSocialSignUp: Boolean(social),
      });
    },
    [countries, variant.isIotmartAna, session.pass, emailStatusOf, captchaType, social],
  );

  const submit = async (values: RegisterFormValues) => {
    const payload = socialSignUpPayload(
      buildRegisterPayload(values, {
        query: session,
        lang,
        region: findCountry(countries, values.country)?.region,
        referer: document.referrer,
        captchaVerify: captchaAnswer(captchaType, values.captchaToken),
      }),
      social,
    );
    try {
      const reply = await register(payload).finally(() => setSubmissions((count) => count + 1));
      if (reply.isSuccess) {
        storeRegisteredEmail(payload.email, Date.now(), (reply.data as { registrationProof?: string } | undefined)?.registrationProof);
        pushRegistrationEvent();
        navigate(`/${lang}/verify-your-email-address`);
        return;
      }
      const failure = registerFailure(reply);
      const emailVerdict = failure.fieldErrors.email;
      if (emailVerdict === 'EmailExists' || emailVerdict === 'ContactHR') emailCheck.remember(payload.email, emailVerdict);
      failure.toasts.forEach(toastError);
      // Submit errors: each shows on its field until that field is edited (and the first takes the focus).
      return Object.keys(failure.fieldErrors).length > 0 ? failure.fieldErrors : { [FORM_ERROR]: reply.code };
    } catch (error) {
      toastFailure(error);
      return { [FORM_ERROR]: failureCode(error) };
    }
  };

  return (
    <Form<RegisterFormValues>
      onSubmit={submit}
      validate={validate}
      initialValues={socialSignUpValues(INITIAL_REGISTER_VALUES, social)}
      subscription={{ submitting: true }}
    >
      {({ handleSubmit, submitting }) => (
        <form className="register-form" noValidate onSubmit={(event) => void submitWithFocus(event, handleSubmit)}>
          <ErrorSummary />
          <FormSection id="register-account" title="register.sections.account">
            <div className="field-row">
              <NameFields firstNameLabel="register.firstName" lastNameLabel="register.lastName" />
            </div>
            <EmailField checking={emailCheck.checking} onLeave={emailCheck.check} />
            {social ? <SocialSignUpAccount social={social} /> : <PasswordFields />}
          </FormSection>
          <FormSection id="register-company" title="register.sections.company">
            <LocationFields countries={countries} isIotmartAna={variant.isIotmartAna} pass={session.pass} />
          </FormSection>
          <FormSection id="register-contact" title="register.sections.contact">
            <PhoneFields countries={countries} />
          </FormSection>
          <FormSection id="register-privacy" title="register.sections.privacy">
            <PrivacyBlock />
          </FormSection>
          <Captcha name="captchaToken" type={captchaType} siteKey={portal?.captcha.siteKey} resetKey={submissions} />
          <Button type="submit" busy={submitting} className="button--block">
            {t(submitting ? 'register.submitting' : 'register.submit')}
          </Button>
        </form>
      )}
    </Form>
  );
}
