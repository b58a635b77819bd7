import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import type { CaptchaType } from '../../../shared/enums.ts';
import { validateCaptcha } from '../../../shared/rules/registration.ts';
import { useLanguage } from '../../session/language-context.ts';
import { visibleError } from '../error-display.tsx';
import { FieldMessage } from '../field-message.tsx';
import { isProviderType, loadProvider, providerLanguage } from './captcha-providers.ts';

export interface CaptchaProps {
  /** Form field holding the provider's answer (a token string; '' until solved or after it expired). */
  name: string;
  /** From usePortalConfig(): 1 Google, 2 Turnstile; null, 99 or undefined show nothing. */
  type: CaptchaType | null | undefined;
  siteKey?: string;
  /**
   * Change it after each submission: an answer is good for one verification only, so the
   * widget starts over and the field is cleared.
   */
  resetKey?: number;
}

/**
 * The captcha widget as a react-final-form field. Send its value as
 * `captchaVerify: { reCaptchaType: type, token }`; the server verifies it.
 */
export function Captcha({ name, type, siteKey, resetKey = 0 }: CaptchaProps) {
  const id = useId();
  const lang = useLanguage();
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ reset: () => void } | undefined>(undefined);
  const { t } = useTranslation();
  const { input, meta } = useField<string | undefined>(name, { validate: (value) => validateCaptcha(type, value) });
  const error = visibleError(meta);
  const onChange = useRef(input.onChange);
  useLayoutEffect(() => {
    onChange.current = input.onChange;
  });
  const shown = isProviderType(type) && siteKey !== undefined && siteKey !== '';

  useEffect(() => {
    if (!shown || !container.current) return;
    const element = container.current;
    const stop = new AbortController();
    loadProvider(type, stop.signal)
      .then((api) => {
        if (stop.signal.aborted) return;
        const setToken = (token: unknown) => onChange.current(typeof token === 'string' ? token : '');
        const widgetId = api.render(element, {
          sitekey: siteKey,
          hl: providerLanguage(type, lang),
          language: providerLanguage(type, lang),
          callback: setToken,
          'expired-callback': () => setToken(''),
          'error-callback': () => setToken(''),
        });
        widget.current = { reset: () => api.reset(widgetId) };
      })
      .catch(() => undefined);
    return () => {
      stop.abort();
      widget.current = undefined;
      element.replaceChildren();
    };
  }, [shown, type, siteKey, lang]);

  useEffect(() => {
    if (resetKey === 0) return;
    widget.current?.reset();
    onChange.current('');
  }, [resetKey]);

  if (!shown) return null;
  return (
    <div
      className="captcha"
      data-field={name}
      data-summary-label={t('common.captcha')}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <div ref={container} className="captcha__widget" data-captcha-type={type} />
      <FieldMessage id={`${id}-error`} code={error} />
    </div>
  );
}
