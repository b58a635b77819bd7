import useSWRMutation from 'swr/mutation';
import { toastFailure } from '../../state/request-failure.ts';
import { REACTIVATE_PATH, reactivate, type ResendProof } from '../../api/verification.ts';
import { useLanguage } from '../../session/language-context.ts';

/** Sending the verification mail again; failures become error toasts. `send` resolves true when the mail went out. */
export function useResend() {
  const lang = useLanguage();
  const { trigger, isMutating } = useSWRMutation(
    REACTIVATE_PATH,
    async (_path: string, { arg: { userId, proof } }: { arg: { userId: string; proof?: ResendProof } }) => {
      const reply = await reactivate(userId, lang, proof);
      if (!reply.isSuccess) toastFailure(reply);
      return reply.isSuccess;
    },
  );
  const send = (userId: string, proof?: ResendProof): Promise<boolean> =>
    trigger({ userId, proof }).catch((error: unknown) => {
      toastFailure(error);
      return false;
    });
  return { send, sending: isMutating };
}
