import { useCallback, useState } from 'react';
import { normalizeEmail, validateEmail } from '../../../shared/rules/email.ts';
import { isExist } from './register-api.ts';

export type EmailStatus = 'EmailExists' | 'ContactHR';

/**
 * Asks the server whether an address is taken (or on a company domain) and remembers the
 * answer per address, so the form's rules can refuse it while the member keeps that address.
 */
export function useEmailCheck() {
  const [verdicts, setVerdicts] = useState<ReadonlyMap<string, EmailStatus | undefined>>(new Map());
  const [checking, setChecking] = useState(false);

  const remember = useCallback((email: string, status: EmailStatus | undefined) => {
    setVerdicts((previous) => new Map(previous).set(normalizeEmail(email), status));
  }, []);

  const check = useCallback(
    async (email: string) => {
      const address = normalizeEmail(email);
      if (validateEmail(address) || verdicts.has(address)) return;
      setChecking(true);
      try {
        const reply = await isExist(address);
        if (reply.code === 'ContactHR') remember(address, 'ContactHR');
        else if (reply.isSuccess) remember(address, reply.data?.isExist ? 'EmailExists' : undefined);
      } catch {
        // Unanswered (network, rate limit): Register itself refuses a taken address.
      } finally {
        setChecking(false);
      }
    },
    [verdicts, remember],
  );

  const statusOf = useCallback((email: string | undefined) => verdicts.get(normalizeEmail(email ?? '')), [verdicts]);
  return { check, checking, remember, statusOf };
}
