import { useCallback, useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { needsVatAndAddress } from '../../../shared/rules/countries.ts';
import { validateProfile } from '../../../shared/rules/profile.ts';
import type { BrowserMember } from '../../../shared/schemas/member.ts';
import { toastFailure } from '../../state/request-failure.ts';
import { useCountries } from '../../ui/country/use-countries.ts';
import { updateProfile } from '../../api/member.ts';
import { Button } from '../../ui/button.tsx';
import { submitWithFocus } from '../../ui/focus-first-invalid.ts';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { toastError, toastSuccess } from '../../state/toasts.ts';
import { RMA_PASS, useVariant } from '../../variant.ts';
import { findCountry } from '../../ui/country/find-country.ts';
import { ProfileFields } from './profile-fields.tsx';
import { profileUpdateOf, profileValuesOf, type ProfileFormValues } from './profile-values.ts';
import { saveFailureToasts, saveFieldErrors } from './save-result.ts';
import { useTypeAhead } from './type-ahead.ts';
import { useLeaveWarning } from './use-leave-warning.ts';

export interface ProfileSectionProps {
  member: BrowserMember;
  /** Called with the member as saved, so the rest of the page sees the new values. */
  onSaved: (member: BrowserMember | undefined) => void;
}

function LeaveWarning({ dirty }: { dirty: boolean }) {
  useLeaveWarning(dirty);
  return null;
}

/** My Profile: validated at load and on every change; Save once something changed; Undo goes back. */
export function ProfileSection({ member, onSaved }: ProfileSectionProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useUrlSession();
  const countries = useCountries(lang);
  const typeAhead = useTypeAhead();
  const [baseline] = useState(() => profileValuesOf(member));
  const variant = useVariant();
  const source = member.source.toLowerCase() === RMA_PASS ? member.source : session.pass;

  const contextOf = useCallback(
    (values: ProfileFormValues) => ({
      isIotmartAna: variant.isIotmartAna,
      region: findCountry(countries, values.country)?.region,
      source,
    }),
    [countries, variant.isIotmartAna, source],
  );
  const validate = useCallback((values: ProfileFormValues) => validateProfile(values, contextOf(values)), [contextOf]);

  const save = async (values: ProfileFormValues, form: { initialize: (values: ProfileFormValues) => void }) => {
    const context = contextOf(values);
    try {
      const reply = await updateProfile(profileUpdateOf(values, needsVatAndAddress(context.region, context.source)));
      if (reply.isSuccess) {
        toastSuccess('account.MyAccount.ProfileChangedSuccessfully');
        form.initialize(values);
        onSaved(reply.data as BrowserMember | undefined);
      } else {
        saveFailureToasts(reply).forEach(toastError);
        // Shown on their fields too (the first one gets the focus), not only in a toast.
        return saveFieldErrors(reply, Object.keys(values));
      }
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <section id="my-profile" className="card account-section" aria-labelledby="my-profile-title">
      <h2 id="my-profile-title">{t('account.profile.title')}</h2>
      <Form<ProfileFormValues>
        onSubmit={save}
        initialValues={baseline}
        validate={validate}
        // What the form below reads, and no more: each field registering would draw it again.
        subscription={{ dirty: true, submitting: true, values: true }}
        render={({ handleSubmit, form, dirty, submitting, values }) => (
          <form noValidate onKeyDown={typeAhead} onSubmit={(event) => void submitWithFocus(event, handleSubmit)}>
            <LeaveWarning dirty={dirty === true} />
            <ProfileFields values={values} countries={countries} vatAndAddress={needsVatAndAddress(contextOf(values).region, source)} />
            <div className="actions">
              <Button variant="secondary" disabled={!dirty || submitting} onClick={() => form.reset()}>
                {t('account.profile.undo')}
              </Button>
              <Button type="submit" disabled={!dirty} busy={submitting}>
                {t('account.profile.save')}
              </Button>
            </div>
          </form>
        )}
      />
    </section>
  );
}
