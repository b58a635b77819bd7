import { useCallback, useId, useState } from 'react';
import { Form, useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH } from '../../../shared/limits.ts';
import { validateNewPassword } from '../../../shared/rules/password.ts';
import { isBlank } from '../../../shared/rules/types.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { ApiError } from '../../api/http.ts';
import { failureCode } from '../../state/request-failure.ts';
import { Button } from '../../ui/button.tsx';
import { PasswordChecklist } from '../../ui/password-checklist.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
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
}

/** The new password with its live checklist. */
function NewPasswordField() {
  const checklistId = useId();
  const { input } = useField<string>('password', { subscription: { value: true } });
  return (
    <>
      <PasswordField
        name="password"
        label="password.change.newPassword"
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="new-password"
        describedById={checklistId}
        required
      />
      <PasswordChecklist id={checklistId} password={input.value ?? ''} />
    </>
  );
}

/** Current password (signed in), new password with the live checklist, confirmation with paste blocked. */
/**
 * What only the server knows (the current password, the common-password list) is judged when the
 * form is sent: every question about a password counts towards the sign-in lock, so the form asks none.
 */
export function ChangePasswordForm({ askCurrent, userKnown, send, onDone, onFailure }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const [verdicts, setVerdicts] = useState<readonly ServerVerdict[]>([]);

  const validate = useCallback(
    (values: ChangeValues) => {
      const errors = validateNewPassword(
        { password: values.password, confirmPassword: values.confirmPassword, oldPassword: askCurrent ? values.oldPassword : undefined },
        'change',
      );
      if (askCurrent && isBlank(values.oldPassword)) errors.oldPassword = 'LoginPasswordRequired';
      return withServerVerdicts(errors, values as Record<string, unknown>, verdicts);
    },
    [askCurrent, verdicts],
  );

  const submit = async (values: ChangeValues) => {
    try {
      const reply = await send({
        oldPassword: values.oldPassword ?? '',
        password: values.password ?? '',
        confirmPassword: values.confirmPassword ?? '',
      });
      const result = changeResult(reply);
      if (result.kind === 'done') return await onDone(reply);
      if (result.kind === 'fields') {
        setVerdicts(result.errors.map((e) => ({ ...e, value: values[e.field as keyof ChangeValues] })));
        return;
      }
      onFailure(result);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'unauthorized') return;
      onFailure({ kind: 'error', code: failureCode(error) });
    }
  };

  return (
    <Form<ChangeValues> onSubmit={submit} validate={validate} subscription={{ submitting: true, invalid: true, pristine: true }}>
      {({ handleSubmit, submitting, invalid, pristine }) => (
        <form className="form" noValidate onSubmit={handleSubmit}>
          {askCurrent && (
            <PasswordField
              name="oldPassword"
              label="password.change.currentPassword"
              maxLength={PASSWORD_MAX_LENGTH}
              autoComplete="current-password"
              required
            />
          )}
          <NewPasswordField />
          <PasswordField
            name="confirmPassword"
            label="password.change.confirmPassword"
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
            blockPaste
            required
          />
          <Button type="submit" busy={submitting} disabled={invalid || pristine || !userKnown} className="button--block">
            {t('password.change.submit')}
          </Button>
        </form>
      )}
    </Form>
  );
}
