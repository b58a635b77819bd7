import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Form, useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH } from '../../../shared/limits.ts';
import { isPasswordAcceptable, validateNewPassword } from '../../../shared/rules/password.ts';
import { isBlank } from '../../../shared/rules/types.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { ApiError } from '../../api/http.ts';
import { Button } from '../../components/button.tsx';
import { PasswordChecklist } from '../../components/password-checklist.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { changeResult, type ChangeResult } from './change-result.ts';
import { withServerVerdicts, type ServerVerdict } from './server-verdicts.ts';

export interface ChangeValues {
  oldPassword?: string;
  password?: string;
  confirmPassword?: string;
}

export interface ChangePasswordFormProps {
  /** Signed-in members confirm their current password; reset-link users do not. */
  askCurrent: boolean;
  /** Submit stays disabled without a known user. */
  userKnown: boolean;
  send: (values: Required<Pick<ChangeValues, 'password' | 'confirmPassword'>> & { oldPassword: string }) => Promise<Reply>;
  onDone: (reply: Reply) => void | Promise<void>;
  onFailure: (result: Exclude<ChangeResult, { kind: 'done' } | { kind: 'fields' }>) => void;
  /** The server's opinion of a new password (ValidatePwd / ValidatePwdUnAuth), asked when the field is left. */
  check: (password: string) => Promise<Reply>;
}

/**
 * The new password with its live checklist. Leaving the field with a password that meets the
 * rules asks the server what only it knows (the current password, the common-password list).
 */
function NewPasswordField({ check, onVerdict }: { check: (password: string) => Promise<Reply>; onVerdict: (verdict: ServerVerdict | undefined) => void }) {
  const checklistId = useId();
  const { input, meta } = useField<string>('password', { subscription: { value: true, active: true } });
  const wasActive = useRef(false);
  const value = input.value ?? '';
  useEffect(() => {
    const left = wasActive.current && !meta.active;
    wasActive.current = meta.active ?? false;
    if (!left || !isPasswordAcceptable(value)) return;
    check(value).then(
      (reply) => {
        const result = changeResult(reply);
        const refusal = result.kind === 'fields' ? result.errors.find((e) => e.field === 'password') : undefined;
        onVerdict(refusal ? { ...refusal, value } : undefined);
      },
      () => undefined,
    );
  }, [meta.active, value, check, onVerdict]);
  return (
    <>
      <PasswordField name="password" label="password.change.newPassword" maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" describedById={checklistId} required />
      <PasswordChecklist id={checklistId} password={input.value ?? ''} />
    </>
  );
}

/** Current password (signed in), new password with the live checklist, confirmation with paste blocked. */
export function ChangePasswordForm({ askCurrent, userKnown, send, onDone, onFailure, check }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const [verdicts, setVerdicts] = useState<readonly ServerVerdict[]>([]);
  const onVerdict = useCallback(
    (verdict: ServerVerdict | undefined) => setVerdicts((current) => [...current.filter((v) => v.field !== 'password'), ...(verdict ? [verdict] : [])]),
    [],
  );

  const validate = useCallback(
    (values: ChangeValues) => {
      const errors = validateNewPassword({ password: values.password, confirmPassword: values.confirmPassword, oldPassword: askCurrent ? values.oldPassword : undefined }, 'change');
      if (askCurrent && isBlank(values.oldPassword)) errors.oldPassword = 'LoginPasswordRequired';
      return withServerVerdicts(errors, values as Record<string, unknown>, verdicts);
    },
    [askCurrent, verdicts],
  );

  const submit = async (values: ChangeValues) => {
    try {
      const reply = await send({ oldPassword: values.oldPassword ?? '', password: values.password ?? '', confirmPassword: values.confirmPassword ?? '' });
      const result = changeResult(reply);
      if (result.kind === 'done') return await onDone(reply);
      if (result.kind === 'fields') {
        setVerdicts(result.errors.map((e) => ({ ...e, value: values[e.field as keyof ChangeValues] })));
        return;
      }
      onFailure(result);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'unauthorized') return;
      onFailure({ kind: 'error', code: error instanceof ApiError && error.kind === 'network' ? 'network' : 'somethingWentWrong' });
    }
  };

  return (
    <Form<ChangeValues> onSubmit={submit} validate={validate} subscription={{ submitting: true, invalid: true, pristine: true }}>
      {({ handleSubmit, submitting, invalid, pristine }) => (
        <form className="form" noValidate onSubmit={handleSubmit}>
          {askCurrent && (
            <PasswordField name="oldPassword" label="password.change.currentPassword" maxLength={PASSWORD_MAX_LENGTH} autoComplete="current-password" required />
          )}
          <NewPasswordField check={check} onVerdict={onVerdict} />
          <PasswordField name="confirmPassword" label="password.change.confirmPassword" maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" blockPaste required />
          <Button type="submit" busy={submitting} disabled={invalid || pristine || !userKnown} className="button--block">
            {t('password.change.submit')}
          </Button>
        </form>
      )}
    </Form>
  );
}
