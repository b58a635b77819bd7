import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWRMutation from 'swr/mutation';
import { Button } from '../../ui/button.tsx';
import { useLanguage } from '../../session/language-context.ts';
import { readQueryParams } from '../../session/url-query.ts';
import { toastError, toastSuccess } from '../../state/toasts.ts';
import { AccountSection } from './account-section.tsx';
import { useSectionRead } from './use-section-read.ts';
import { endOtherSessions, endSession, SESSIONS_PATH, type MemberSession } from './security-center-api.ts';
import { dateTime } from './dates.ts';
import { NetworkLabel } from './network-label.tsx';
import { isHandheld, SecurityRow } from './security-row.tsx';
import { MonitorIcon, PhoneIcon } from '../../ui/icons.tsx';
import { PASSWORD_CHANGED_FLAG } from './use-password-changed-toast.ts';

const OTHERS = 'others';

/** Devices and sessions: where the member is signed in, this browser marked; end one or all the others. */
export function SessionsSection() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const sessions = useSectionRead<MemberSession[]>(SESSIONS_PATH);
  // The list reads itself again after each end (the mutation's key is its path).
  const ending = useSWRMutation(SESSIONS_PATH, async (_path: string, { arg: target }: { arg: string }) => {
    if (!(await (target === OTHERS ? endOtherSessions() : endSession(target))).isSuccess) throw new Error('refused');
  });
  const [target, setTarget] = useState<string | undefined>();
  const busy = ending.isMutating ? target : undefined;
  // Changing the password already signed out every other browser (portal ResetPwd): say so.
  const [passwordChanged] = useState(() => readQueryParams(window.location.search).get(PASSWORD_CHANGED_FLAG.toLowerCase()) === 'true');

  const end = (which: string, done: string) => {
    setTarget(which);
    ending.trigger(which).then(
      () => toastSuccess(done),
      () => toastError({ messageKey: 'security.sessions.endFailed' }),
    );
  };

  const others = (sessions ?? []).filter((session) => !session.current);
  const current = sessions?.find((session) => session.current);
  return (
    <AccountSection id="devices-sessions" title="security.sessions.title">
      <p>{t('security.sessions.intro')}</p>
      {passwordChanged && (
        <p className="alert alert--info" role="status">
          {t('security.sessions.passwordChanged')}
        </p>
      )}
      <ul className="security-list" aria-label={t('security.sessions.title')}>
        {(sessions ?? []).map((session) => (
          <SecurityRow
            key={session.id}
            icon={isHandheld(session.device) ? <PhoneIcon /> : <MonitorIcon />}
            title={session.device || t('security.unknownDevice')}
            badges={session.current && <span className="security-list__badge">{t('security.sessions.thisDevice')}</span>}
            details={[
              t(`security.methods.${session.method}`),
              <NetworkLabel key="network" prefix={session.ipPrefix} currentPrefix={current?.ipPrefix} />,
              t('security.sessions.signedIn', { date: dateTime(session.createdAt, lang) }),
              t('security.sessions.lastSeen', { date: dateTime(session.lastSeenAt, lang) }),
            ]}
            actions={
              !session.current && (
                <Button variant="link" busy={busy === session.id} onClick={() => end(session.id, 'security.sessions.ended')}>
                  {t('security.sessions.end')}
                </Button>
              )
            }
          />
        ))}
      </ul>
      {others.length > 0 && (
        <Button variant="secondary" busy={busy === OTHERS} onClick={() => end(OTHERS, 'security.sessions.othersEnded')}>
          {t('security.sessions.endOthers')}
        </Button>
      )}
    </AccountSection>
  );
}
