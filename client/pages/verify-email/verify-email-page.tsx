import { useEffect } from 'react';
import { useParams } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { checkResetToken } from '../../api/password.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useLanguage } from '../../session/language-context.ts';
import { rememberUserId } from '../../session/stored-user.ts';

function decoded(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return '';
  }
}

/**
 * auth/verify-email/{token}/{userId}: a valid reset link continues to change-password with the
 * token and user id; an expired one remembers the user id for a resend and shows the expired page.
 */
export default function VerifyEmailPage() {
  const lang = useLanguage();
  const params = useParams<{ token?: string; userId?: string }>();
  const token = decoded(params.token);
  const userId = decoded(params.userId);

  useEffect(() => {
    let current = true;
    const expired = () => {
      if (userId) rememberUserId(userId);
      navigate(`/${lang}/password-reset-link-expired`, { replace: true });
    };
    if (!token || !userId) {
      expired();
      return;
    }
    checkResetToken(token, userId).then(
      (reply) => {
        if (!current) return;
        if (!reply.isSuccess) return expired();
        rememberUserId(userId);
        const query = new URLSearchParams({ token, userId, ...(reply.data?.reason === 'annual' ? { reason: 'annual' } : {}) });
        navigate(`/${lang}/change-password?${query}`, { replace: true });
      },
      () => current && expired(),
    );
    return () => {
      current = false;
    };
  }, [lang, token, userId]);

  return <Spinner label="password.verifying" />;
}
