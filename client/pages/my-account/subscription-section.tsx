import { Form } from 'react-final-form';
import type { BrowserMember } from '../../../shared/schemas/member.ts';
import { toastFailure } from '../../state/request-failure.ts';
import { updateSubscription } from '../../api/member.ts';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { toastSuccess } from '../../state/toasts.ts';
import { AccountSection } from './account-section.tsx';

export interface SubscriptionSectionProps {
  member: BrowserMember;
  onSaved: (member: BrowserMember | undefined) => void;
}

/**
 * Yes/no for product information. A change saves at once; loading the answer saves nothing.
 * Failures show a toast, except Unauthorized, which the logout modal already explains.
 */
export function SubscriptionSection({ member, onSaved }: SubscriptionSectionProps) {
  const save = async (isSubscribe: boolean, undo: () => void) => {
    try {
      const reply = await updateSubscription(member.userId, isSubscribe);
      if (reply.isSuccess) {
        toastSuccess('account.subscription.saved');
        onSaved(reply.data);
        return;
      }
      undo();
      if (reply.code !== 'Unauthorized') toastFailure(reply);
    } catch (error) {
      undo();
      toastFailure(error);
    }
  };

  return (
    <AccountSection id="subscription" title="account.subscription.title">
      <Form<{ isSubscribe: boolean }>
        onSubmit={() => undefined}
        initialValues={{ isSubscribe: member.isSubscribe }}
        render={({ form }) => (
          <RadioGroup
            name="isSubscribe"
            legend="account.subscription.question"
            onValueChange={(value) => void save(value, () => form.change('isSubscribe', !value))}
          />
        )}
      />
    </AccountSection>
  );
}
