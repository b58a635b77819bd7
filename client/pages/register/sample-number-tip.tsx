import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ApiError, fetchData } from '../../api/http.ts';
import type { CountryRecord } from '../../../shared/schemas/info.ts';
import { toastError } from '../../state/toasts.ts';
import { sampleNumberPath, sampleNumberId, type SampleNumbers } from './sample-numbers.ts';

export interface SampleNumberTipProps {
  country: CountryRecord | undefined;
  /** The calling code chosen in the country-code selector of the shown mode. */
  callingCode: string | undefined;
}

/** The status or the server's code, for the failure toast (spec section 8). */
function failureDetail(error: unknown): string {
  return error instanceof ApiError ? (error.code ?? String(error.status)) : 'network';
}

/**
 * A tooltip with real example numbers for the chosen country code, or a request to select
 * the country first; opened by its button, closed by the button again or Escape.
 */
export function SampleNumberTip({ country, callingCode }: SampleNumberTipProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const sampleId = sampleNumberId(country, callingCode);
  const { data } = useSWR<SampleNumbers>(open && sampleId ? sampleNumberPath(sampleId) : null, fetchData, {
    onError: (error: unknown) => toastError({ text: t('register.sampleNumbers.failed', { detail: failureDetail(error) }) }),
    shouldRetryOnError: false,
  });

  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [open]);

  return (
    <span className="sample-numbers">
      <button
        type="button"
        className="sample-numbers__button"
        aria-expanded={open}
        aria-controls={`${id}-tip`}
        onClick={() => setOpen(!open)}
      >
        {t('register.sampleNumbers.button')}
      </button>
      <span id={`${id}-tip`} role="tooltip" className="sample-numbers__tip" hidden={!open}>
        {!sampleId && t('register.sampleNumbers.selectCountryFirst')}
        {sampleId && data && (
          <>
            {data.fixed !== '' && <span className="sample-numbers__line">{t('register.sampleNumbers.fixed', { number: data.fixed })}</span>}
            {data.mobile !== '' && (
              <span className="sample-numbers__line">{t('register.sampleNumbers.mobile', { number: data.mobile })}</span>
            )}
          </>
        )}
      </span>
    </span>
  );
}
