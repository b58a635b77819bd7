import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWRInfinite from 'swr/infinite';
import useSWRMutation from 'swr/mutation';
import { DISOWNABLE_EVENT_TYPES } from '../../../shared/rules/security-events.ts';
import { fetchData } from '../../api/http.ts';
import { Button } from '../../ui/button.tsx';
import { useLanguage } from '../../session/language-context.ts';
import { toastError } from '../../state/toasts.ts';
import { AccountSection } from './account-section.tsx';
import { disownEvent, eventsPagePath, SECURITY_EVENTS_PATH, type SecurityEventsPage } from './security-center-api.ts';
import { dateTime } from './dates.ts';

/** Security activity: the member's events newest first, 20 at a time, with "This wasn't me" on sign-ins and changes. */
export function SecurityActivitySection() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const pages = useSWRInfinite<SecurityEventsPage>(
    (index, previous: SecurityEventsPage | null) =>
      index === 0 ? eventsPagePath() : previous?.next ? eventsPagePath(previous.next) : null,
    fetchData,
  );
  const [confirming, setConfirming] = useState<string | undefined>();
  const disowning = useSWRMutation(`${SECURITY_EVENTS_PATH}/NotMe`, async (_path: string, { arg: eventId }: { arg: string }) => {
    if (!(await disownEvent(eventId)).isSuccess) throw new Error('refused');
    // Every session has ended, this one too: a page outside My account says what happens next.
    // The button stays busy until that page replaces this one.
    window.location.assign(`/${lang}/not-me/done`);
    return new Promise<never>(() => undefined);
  });
  const events = (pages.data ?? []).flatMap((page) => page.events);
  const more = pages.data?.at(-1)?.next !== undefined;

  const disown = (eventId: string) => disowning.trigger(eventId).catch(() => toastError({ messageKey: 'account.MyAccount.FailedToaster' }));

  return (
    <AccountSection id="security-activity" title="security.activity.title">
      <p>{t('security.activity.intro')}</p>
      {events.length === 0 && pages.data && <p>{t('security.activity.none')}</p>}
      <ul className="security-list" aria-label={t('security.activity.title')}>
        {events.map((event) => (
          <li key={event.id} className="security-list__item">
            <strong>{t(`security.events.${event.type}`)}</strong>
            <span className="security-list__details">
              {dateTime(event.at, lang)}
              {event.device && ` · ${event.device}`}
              {event.ipPrefix && ` · ${event.ipPrefix}`}
              {event.method && ` · ${t(`security.methods.${event.method}`, { defaultValue: event.method })}`}
            </span>
            {DISOWNABLE_EVENT_TYPES.has(event.type) &&
              (confirming === event.id ? (
                <span className="security-list__confirm" role="group" aria-label={t('security.activity.notMeQuestion')}>
                  {t('security.activity.notMeQuestion')}{' '}
                  <Button variant="secondary" busy={disowning.isMutating} onClick={() => void disown(event.id)}>
                    {t('security.activity.notMeConfirm')}
                  </Button>
                  <Button variant="link" onClick={() => setConfirming(undefined)}>
                    {t('security.cancel')}
                  </Button>
                </span>
              ) : (
                <Button variant="link" onClick={() => setConfirming(event.id)}>
                  {t('security.activity.notMe')}
                </Button>
              ))}
          </li>
        ))}
      </ul>
      {more && (
        <Button variant="secondary" busy={pages.isValidating} onClick={() => void pages.setSize(pages.size + 1)}>
          {t('security.activity.more')}
        </Button>
      )}
    </AccountSection>
  );
}
