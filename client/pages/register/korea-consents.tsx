import { useId } from 'react';
import { useForm, useFormState } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import { ExternalLink } from './external-link.tsx';
import { koreaAllAccepted, setKoreaAll } from './privacy-answers.ts';
import { KOREA_TERMS_OF_USE } from './privacy-links.ts';
import type { RegisterFormValues } from './register-values.ts';

const ROWS = [
  { items: 'accountItems', purpose: 'accountPurpose', retention: 'accountRetention' },
  { items: 'complaintItems', purpose: 'complaintPurpose', retention: 'complaintRetention' },
] as const;

function CollectedDataTable() {
  const { t } = useTranslation();
  const key = (name: string) => t(`register.privacy.korea.${name}`);
  // On a phone the rows stack as cards and each cell shows its column's name (data-label); the
  // roles keep the table a table for screen readers when its parts are laid out as blocks.
  return (
    // Scrollable if a cell still cannot fit; focusable so keyboard users can scroll it too.
    <div className="table-scroll" role="region" aria-label={key('tableCaption')} tabIndex={0}>
      <table className="data-table" role="table">
        <caption>{key('tableCaption')}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {key('itemsHeader')}
            </th>
            <th scope="col" role="columnheader">
              {key('purposeHeader')}
            </th>
            <th scope="col" role="columnheader">
              {key('retentionHeader')}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {ROWS.map((row) => (
            <tr key={row.items} role="row">
              <th scope="row" role="rowheader">
                {key(row.items)}
              </th>
              <td role="cell" data-label={key('purposeHeader')}>
                {key(row.purpose)}
              </td>
              <td role="cell" data-label={key('retentionHeader')}>
                {key(row.retention)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Korea, as Korean sites lay it out: "agree to all" in bold above a rule, then the terms of use
 * with their "View" link on the same row, the collection of personal data with its table, both
 * required, and the marketing e-mails as an optional consent ([선택]).
 */
export function KoreaConsents() {
  const { t } = useTranslation();
  const hintId = useId();
  const form = useForm<RegisterFormValues>();
  const { values } = useFormState<RegisterFormValues>({ subscription: { values: true } });
  const all = koreaAllAccepted(values);
  const toggleAll = (checked: boolean) => {
    const patch = setKoreaAll(checked);
    form.batch(() => {
      for (const [field, value] of Object.entries(patch)) form.change(field as keyof RegisterFormValues, value);
    });
  };
  return (
    <fieldset className="field-group consents">
      <legend className="visually-hidden">{t('register.privacy.korea.legend')}</legend>
      <div className="field consent consent--all">
        <label className="consent__option">
          <input type="checkbox" checked={all} aria-describedby={hintId} onChange={(event) => toggleAll(event.target.checked)} />
          <span>{t('register.privacy.korea.selectAll')}</span>
        </label>
        <p id={hintId} className="field__hint">
          {t('register.privacy.korea.selectAllHint')}
        </p>
      </div>
      <ConsentCheckbox
        name="koreaTermsConsent"
        required
        aside={
          <ExternalLink href={KOREA_TERMS_OF_USE} label={t('register.privacy.korea.termsLink')}>
            {t('register.privacy.korea.termsView')}
          </ExternalLink>
        }
      >
        {t('register.privacy.korea.terms')}
      </ConsentCheckbox>
      <ConsentCheckbox name="koreaPersonalDataConsent" required>
        {t('register.privacy.korea.personalData')}
      </ConsentCheckbox>
      <CollectedDataTable />
      <p className="field__hint">{t('register.privacy.korea.refusalNote')}</p>
      <ConsentCheckbox name="isSubscribe">{t('register.privacy.korea.marketing')}</ConsentCheckbox>
    </fieldset>
  );
}
