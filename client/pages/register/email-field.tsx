import { useEffect, useRef } from 'react';
import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH } from '../../../shared/limits.ts';
import { Field } from '../../ui/field.tsx';

export interface EmailFieldProps {
  checking: boolean;
  /** Runs when the member leaves the field, to ask whether the address is free. */
  onLeave: (email: string) => void;
}

export function EmailField({ checking, onLeave }: EmailFieldProps) {
  const { t } = useTranslation();
  const { input, meta } = useField<string>('email', { subscription: { value: true, active: true } });
  const wasActive = useRef(false);

  useEffect(() => {
    if (wasActive.current && !meta.active) onLeave(input.value ?? '');
    wasActive.current = Boolean(meta.active);
  }, [meta.active, input.value, onLeave]);

  return (
    <>
      <Field
        name="email"
        type="email"
        label="register.email"
        hint="register.emailHint"
        maxLength={EMAIL_MAX_LENGTH}
        autoComplete="email"
        required
      />
      <p className="field__hint" role="status">
        {checking ? t('register.emailChecking') : ''}
      </p>
    </>
  );
}
