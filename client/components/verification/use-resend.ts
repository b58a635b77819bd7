import { useState } from 'react';
import { toastError } from '../../state/toasts.ts';
import { useLanguage } from '../../session/language-context.ts';
import { requestFailureToast } from '../../api/request-failure.ts';
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
      toastError({ messageKey: `error.${reply.code}`, ...(reply.title ? { text: reply.title } : {}) });
      return false;
    } catch (error) {
      toastError(requestFailureToast(error));
      return false;
    } finally {
      setSending(false);
    }
  };
  return { send, sending };
}
