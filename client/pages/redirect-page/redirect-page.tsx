import { useTranslation } from 'react-i18next';
import { ChevronRightIcon } from '../../ui/icons.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { redirectLinks } from './redirect-links.ts';
import { SuccessMark } from '../../ui/success-mark.tsx';

/** After activation (registration success) or a password change (action=pwdsuccess). */
export default function RedirectPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { action } = useUrlSession();
  const passwordChanged = action.toLowerCase() === 'pwdsuccess';
  const title = passwordChanged ? 'activation.redirect.passwordTitle' : 'activation.redirect.registeredTitle';
  usePageTitle(title);

  return (
    <section className="card card--narrow stack redirect-page">
      <SuccessMark />
      <h1>{t(title)}</h1>
      <p>{t(passwordChanged ? 'activation.redirect.passwordText' : 'activation.redirect.registeredText')}</p>
      <nav aria-labelledby="redirect-explore">
        <h2 id="redirect-explore">{t('activation.redirect.explore')}</h2>
        <ul className="link-cards">
          {redirectLinks(lang).map((link) => (
            <li key={link.key} className="link-cards__item">
              <a href={link.href}>
                <span className="link-cards__name">{t(`activation.redirect.${link.key}`)}</span>
                <ChevronRightIcon /> <span className="link-cards__text">{t(`activation.redirect.${link.key}Text`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
