import type { crmPortal } from '../../../shared/contract/portal/crm.ts';
import { portalRequest } from '../../api/portal-request.ts';

type Routes = typeof crmPortal;

/** The page's states (spec: Confirm subscription), spelt as the spec spells them. */
export type SubscriptionState = 'loading' | 'somethingwrong' | 'preferring' | 'ok' | 'compelete' | 'skip';

export async function confirmPolicy(
  hashEmail: string,
  status: string,
  source: 'aures' | '',
): Promise<{ state: SubscriptionState; email: string }> {
  if (hashEmail === '' || status === '') return { state: 'somethingwrong', email: '' };
  const reply = await portalRequest<Routes['updatePolicy']>('POST', '/api/Member/UpdateCrmPolicy', { body: { hashEmail, status, source } });
  const state = reply.isSuccess && (reply.code === 'ok' || reply.code === 'preferring') ? reply.code : 'somethingwrong';
  return { state, email: reply.data?.email ?? '' };
}

export const SUBSCRIBE_ANSWER_PATH: Routes['updateSubscribe']['url'] = '/api/Member/UpdateCrmSubscribe';

export async function answerSubscription(hashEmail: string, isSub: boolean): Promise<SubscriptionState> {
  const reply = await portalRequest<Routes['updateSubscribe']>('POST', SUBSCRIBE_ANSWER_PATH, { body: { hashEmail, isSub } });
  if (!reply.isSuccess) return 'somethingwrong';
  return isSub ? 'compelete' : 'skip';
}
