import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWRMutation from 'swr/mutation';
import { Link } from 'wouter';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { homeLink } from '../../site-links.ts';
import { useVariant } from '../../variant.ts';
import { answerSubscription, confirmPolicy, SUBSCRIBE_ANSWER_PATH, type SubscriptionState } from './confirm-subscription-api.ts';

/** /{lang}/confirm-subscription?UID=..&PP=..: a marketing mail's confirmation link. */
export default function ConfirmSubscriptionPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { uid, pp } = useUrlSession();
  const variant = useVariant();
  const [state, setState] = useState<SubscriptionState>('loading');
  const [email, setEmail] = useState('');
  const answering = useSWRMutation(SUBSCRIBE_ANSWER_PATH, (_path: string, { arg: isSub }: { arg: boolean }) =>
    answerSubscription(uid, isSub).catch(() => 'somethingwrong' as const),
  );
  const [chosen, setChosen] = useState<boolean | undefined>();
  /** The answer being sent, if any. */
  const busy = answering.isMutating ? chosen : undefined;
  usePageTitle('subscription.title');
  const linkIncomplete = uid === '' || pp === '';

  useEffect(() => {
    let current = true;
    confirmPolicy(uid, pp, variant.isAures ? 'aures' : '')
      .catch(() => ({ state: 'somethingwrong' as const, email: '' }))
      .then((result) => {
        if (!current) return;
        setState(result.state);
        setEmail(result.email);
      });
    return () => {
      current = false;
    };
  }, [uid, pp, variant.isAures]);

  const answer = async (isSub: boolean) => {
    setChosen(isSub);
    setState(await answering.trigger(isSub));
  };

  if (state === 'loading') return <Spinner />;
  return (
    <section className="card card--narrow stack" aria-live="polite" data-state={state}>
      <h1>{t(`subscription.${state}.title`)}</h1>
      {state === 'somethingwrong' && (
        <>
          {/* Opened without its UID and PP (a link cut short): say so, and offer ways on. */}
          {linkIncomplete && <p>{t('subscription.somethingwrong.incompleteLink')}</p>}
          <p>{t(variant.gdprContact ? 'subscription.somethingwrong.gdprContact' : 'subscription.somethingwrong.contact')}</p>
          <div className="actions actions--start">
            <Link className="button button--primary" href="/login">
              {t('subscription.login')}
            </Link>
            <a className="button button--secondary" href={homeLink(lang, variant.brand)}>
              {t('subscription.home')}
            </a>
          </div>
        </>
      )}
      {state === 'ok' && (
        <>
          <p>{t('subscription.ok.text', { email })}</p>
          <div className="actions">
            <Button busy={busy === true} disabled={busy !== undefined} onClick={() => void answer(true)}>
              {t('subscription.ok.subscribe')}
            </Button>
            <Button variant="secondary" busy={busy === false} disabled={busy !== undefined} onClick={() => void answer(false)}>
              {t('subscription.ok.skip')}
            </Button>
          </div>
        </>
      )}
      {state === 'preferring' && (
        <>
          <p>{t('subscription.preferring.text')}</p>
          <a className="button button--primary" href={homeLink(lang, variant.brand)}>
            {t('subscription.preferring.explore')}
          </a>
        </>
      )}
      {(state === 'compelete' || state === 'skip') && (
        <>
          <p>{t(`subscription.${state}.text`)}</p>
          <Link className="button button--primary" href="/login">
            {t('subscription.login')}
          </Link>
        </>
      )}
    </section>
  );
}
