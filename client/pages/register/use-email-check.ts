import { useCallback, useState } from 'react';
import useSWRMutation from 'swr/mutation';
import { normalizeEmail, validateEmail } from '../../../shared/rules/email.ts';
import { IS_EXIST_PATH, isExist } from './register-api.ts';

export type EmailStatus = 'EmailExists' | 'ContactHR';

/**
 * Asks the server whether an address is taken (or on a company domain) and remembers the
 * answer per address, so the form's rules can refuse it while the member keeps that address.
 */
export function useEmailCheck() {
  const [verdicts, setVerdicts] = useState<ReadonlyMap<string, EmailStatus | undefined>>(new Map());
  const { trigger: ask, isMutating: checking } = useSWRMutation(IS_EXIST_PATH, (_path: string, { arg: address }: { arg: string }) =>
    isExist(address),
  );

  const remember = useCallback((email: string, status: EmailStatus | undefined) => {
    setVerdicts((previous) => new Map(previous).set(normalizeEmail(email), status));
  }, []);

  const check = useCallback(
    async (email: string) => {
      const address = normalizeEmail(email);
      if (validateEmail(address) || verdicts.has(address)) return;
      try {
        const reply = await ask(address);
        if (reply.code === 'ContactHR') remember(address, 'ContactHR');
        else if (reply.isSuccess) remember(address, reply.data?.isExist ? 'EmailExists' : undefined);
      } catch {
        // Unanswered (network, rate limit): Register itself refuses a taken address.
      }
    },
    [verdicts, remember, ask],
  );

  const statusOf = useCallback((email: string | undefined) => verdicts.get(normalizeEmail(email ?? '')), [verdicts]);
  return { check, checking, remember, statusOf };
}
