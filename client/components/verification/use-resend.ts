import { useState } from 'react';
import { useLanguage } from '../../session/language-context.ts';
import { toastFailure } from '../../api/request-failure.ts';
import { reactivate, type ResendProof } from '../../api/verification.ts';

/** One Reactivate call at a time; failures become error toasts. Resolves true when the mail went out. */
export function useResend() {
  const lang = useLanguage();
  const [sending, setSending] = useState(false);
  const send = async (userId: string, proof?: ResendProof): Promise<boolean> => {
    setSending(true);
    try {
      const reply = await reactivate(userId, lang, proof);
      if (reply.isSuccess) return true;
      toastFailure(reply);
      return false;
    } catch (error) {
      toastFailure(error);
      return false;
    } finally {
      setSending(false);
    }
  };
  return { send, sending };
}
