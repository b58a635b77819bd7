import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWRInfinite from 'swr/infinite';
import useSWRMutation from 'swr/mutation';
import { DISOWNABLE_EVENT_TYPES, FAILED_EVENT_TYPES } from '../../../shared/rules/security-events.ts';
import type { SecurityEvent, SecurityEventType } from '../../../shared/schemas/security-center.ts';
import { fetchData } from '../../api/http.ts';
import { Button } from '../../ui/button.tsx';
import { useLanguage } from '../../session/language-context.ts';
import { toastError } from '../../state/toasts.ts';
import { AccountSection } from './account-section.tsx';
import { useSectionRead } from './use-section-read.ts';
import {
  disownEvent,
  eventsPagePath,
  SECURITY_EVENTS_PATH,
  SESSIONS_PATH,
  type MemberSession,
  type SecurityEventsPage,
} from './security-center-api.ts';
import { AlertIcon, LockIcon, ShieldIcon, SignInIcon } from '../../ui/icons.tsx';
import { dateTime } from './dates.ts';
import { NetworkLabel } from './network-label.tsx';
import { SecurityRow } from './security-row.tsx';

function eventIcon(type: SecurityEventType) {
  if (type === 'locked') return <LockIcon />;
  if (type === 'signInFailed') return <AlertIcon />;
  return type === 'signIn' ? <SignInIcon /> : <ShieldIcon />;
}

/**
 * "This wasn't me" where the member may not know the event: a failed or locked sign-in, or a
 * sign-in or change made from another device or network. What this very browser did (the
 * current sign-in, the password changed a minute ago here) does not offer it.
 */
function offersNotMe(event: SecurityEvent, current: MemberSession | undefined): boolean {
  if (FAILED_EVENT_TYPES.has(event.type)) return true;
  if (!DISOWNABLE_EVENT_TYPES.has(event.type)) return false;
  return !current || event.device !== current.device || event.ipPrefix !== current.ipPrefix;
}

/** Security activity: the member's events newest first, 20 at a time; failed ones marked, "This wasn't me" where it helps. */
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
  const sessions = useSectionRead<MemberSession[]>(SESSIONS_PATH);
  const current = sessions?.find((session) => session.current);
  // Drawn in a deferred render, as the other sections' reads are (useSectionRead).
  const loaded = useDeferredValue(pages.data);
  const events = (loaded ?? []).flatMap((page) => page.events);
  const more = loaded?.at(-1)?.next !== undefined;

  const disown = (eventId: string) => disowning.trigger(eventId).catch(() => toastError({ messageKey: 'account.MyAccount.FailedToaster' }));

  return (
    <AccountSection id="security-activity" title="security.activity.title">
      <p>{t('security.activity.intro')}</p>
      {events.length === 0 && loaded && <p>{t('security.activity.none')}</p>}
      <ul className="security-list" aria-label={t('security.activity.title')}>
        {events.map((event) => {
          const failed = FAILED_EVENT_TYPES.has(event.type);
          return (
            <SecurityRow
              key={event.id}
              alert={failed}
              icon={eventIcon(event.type)}
              title={t(`security.events.${event.type}`)}
              badges={
                failed && (
                  <span className="security-list__badge security-list__badge--alert">{t(`security.activity.badge.${event.type}`)}</span>
                )
              }
              details={[
                dateTime(event.at, lang),
                event.device,
                event.ipPrefix && <NetworkLabel key="network" prefix={event.ipPrefix} currentPrefix={current?.ipPrefix} />,
                event.method && t(`security.methods.${event.method}`, { defaultValue: event.method }),
              ].filter(Boolean)}
              actions={
                offersNotMe(event, current) &&
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
                ))
              }
            />
          );
        })}
      </ul>
      {more && (
        <Button variant="secondary" busy={pages.isValidating} onClick={() => void pages.setSize(pages.size + 1)}>
          {t('security.activity.more')}
        </Button>
      )}
    </AccountSection>
  );
}
