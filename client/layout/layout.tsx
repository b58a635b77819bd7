import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { LogoutModal } from '../ui/logout-modal.tsx';
import { SignInAgainModal } from '../ui/sign-in-again-modal.tsx';
import { Toasts } from '../ui/toasts.tsx';
import { useLanguage } from '../session/language-context.ts';
import { rememberLastPage } from '../session/language-path.ts';
import { useApiEventHandlers } from './api-event-handlers.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { useScreenDescription } from './page-title.ts';
import { useRouteFocus } from './use-route-focus.ts';

/** Pages that are never a sensible place to come back to. */
const TRANSIENT_PAGES = ['login', 'logout', 'error'];

export function Layout({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const [location] = useLocation();
  const page = (location.split('/')[1] ?? '').toLowerCase();

  useEffect(() => {
    if (!TRANSIENT_PAGES.includes(page)) rememberLastPage(`/${lang}${location}${window.location.search}`);
  }, [lang, location, page]);
  useRouteFocus(`/${lang}${location}`);
  useApiEventHandlers();
  useScreenDescription(page);

  return (
    <div className="app">
      <Header page={page} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <Toasts />
      <LogoutModal />
      <SignInAgainModal />
    </div>
  );
}
