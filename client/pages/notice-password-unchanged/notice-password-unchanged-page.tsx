import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { keepPassword } from '../../api/password.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { loginNowQuery } from './login-now-query.ts';

type State = { kind: 'keeping' } | { kind: 'kept'; callbackUrl: string } | { kind: 'failed' };

const decoded = (value: string | undefined) => {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return '';
  }
};

/** notice-password-unchanged/{seq}/{pass}/{tempid}: keeps the old password for another year; Login Now keeps pass and CallBackURL. */
export default function NoticePasswordUnchangedPage() {
  const { t } = useTranslation();
  const params = useParams<{ seq?: string; pass?: string; tempid?: string }>();
  const seq = decoded(params.seq);
  const tempId = decoded(params.tempid);
  const pass = decoded(params.pass);
  const [state, setState] = useState<State>(seq && tempId ? { kind: 'keeping' } : { kind: 'failed' });
  usePageTitle(state.kind === 'failed' ? 'password.unchanged.failedTitle' : 'password.unchanged.title');

  useEffect(() => {
    let current = true;
    if (!seq || !tempId) return;
    keepPassword(seq, tempId).then(
      (reply) =>
        current &&
        setState(reply.isSuccess ? { kind: 'kept', callbackUrl: typeof reply.data === 'string' ? reply.data : '' } : { kind: 'failed' }),
      () => current && setState({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [seq, tempId]);

  if (state.kind === 'keeping') return <Spinner label="password.unchanged.keeping" />;
  return (
    <section className="card card--narrow stack notice-password-unchanged-page">
      <h1>{t(state.kind === 'kept' ? 'password.unchanged.title' : 'password.unchanged.failedTitle')}</h1>
      <p>{t(state.kind === 'kept' ? 'password.unchanged.text' : 'password.unchanged.failedText')}</p>
      <Link href={`/login${loginNowQuery(pass, state.kind === 'kept' ? state.callbackUrl : '')}`} className="button button--primary">
        {t('password.changed.loginNow')}
      </Link>
    </section>
  );
}
