import useSWRMutation from 'swr/mutation';
import type { BrowserMember } from '../../../shared/schemas/member.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { refreshMember } from '../../api/member.ts';
import { toastFailure } from '../../state/request-failure.ts';
import { toastSuccess } from '../../state/toasts.ts';

/** Deletion or restore: either changes the member, whose user info is then read again (spec section 4). */
const changeAccount = (_path: string, { arg: call }: { arg: () => Promise<Reply<BrowserMember>> }) => call().finally(refreshMember);

/**
 * Runs a deletion or a restore, toasting its outcome; `run` resolves true when the server made
 * the change. Either way the user info is read again, so the page redraws from it.
 */
export function useAccountChange() {
  // The key only names the change: the user info is a shared read (api/shared-reads.ts), not swr's.
  const { trigger, isMutating: busy } = useSWRMutation('/api/member#change', changeAccount);
  const run = async (call: () => Promise<Reply<BrowserMember>>, successKey: string) => {
    try {
      const reply = await trigger(call);
      if (reply.isSuccess) toastSuccess(successKey);
      else toastFailure(reply);
      return reply.isSuccess;
    } catch (error) {
      toastFailure(error);
      return false;
    }
  };
  return { run, busy };
}
