/**
 * The frame every screen is drawn in: the language's resources, the layout (header, footer,
 * dialogs, toasts), the password-change guard, and the screens of the entry chunk (login). The
 * chunk entries of the other screens (client/screens/) import this module: what the entry and
 * the screens share then comes in one chunk, not in small ones (scripts/build-client.ts). It
 * knows no screen chunk itself, so no import leads back from a screen to the entry.
 */
import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { languageTag } from '../shared/language-tag.ts';
import { isLanguage, languageOfSegment, negotiateLanguage, type Language } from '../shared/languages.ts';
import type { ScreenEntry } from '../shared/screens.ts';
import { activateLanguage, isLanguageReady } from './i18n.ts';
import { Layout } from './layout/layout.tsx';
import LoginPage from './pages/login/login-page.tsx';
import NotFoundPage from './pages/not-found/not-found-page.tsx';
import { LanguageContext } from './session/language-context.ts';
import { PasswordChangeFirst } from './session/route-guards.tsx';
import { Spinner } from './ui/spinner.tsx';

/** The screens of the entry chunk, by their name in the table of screens (shared/screens.ts). */
export const ENTRY_SCREENS = { LoginPage } satisfies Record<Extract<ScreenEntry, { group: 'entry' }>['component'], ComponentType>;

/** Loads the language's resources and keeps <html lang> in step with the route. */
function LanguageRoot({ lang, children }: { lang: Language; children: ReactNode }) {
  // Already loaded (main.tsx waits for it under a prerendered screen): no spinner in between.
  const [ready, setReady] = useState(() => isLanguageReady(lang));
  useEffect(() => {
    let current = true;
    activateLanguage(lang).then(
      () => {
        if (!current) return;
        document.documentElement.lang = languageTag(lang);
        setReady(true);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [lang]);
  if (!ready) return <Spinner />;
  return <LanguageContext.Provider value={lang}>{children}</LanguageContext.Provider>;
}

/**
 * '/{lang}/...': a miscased, bare or foreign language code is replaced (es -> es-es, fr -> the
 * browser's language), keeping the rest; a first segment that is no language at all
 * (/favicon.ico) is not found, told in the browser's language.
 */
function LocalisedApp({ pages }: { pages: ReactNode }) {
  const params = useParams<{ lang: string }>();
  const [rest] = useLocation();
  if (!isLanguage(params.lang)) {
    const preferences = navigator.languages ?? [];
    const meant = languageOfSegment(params.lang, preferences);
    if (meant) return <Redirect to={`~/${meant}${rest === '/' ? '' : rest}${window.location.search}`} replace />;
    return (
      <LanguageRoot lang={negotiateLanguage(preferences)}>
        <Layout>
          <NotFoundPage />
        </Layout>
      </LanguageRoot>
    );
  }
  const lang = params.lang;
  return (
    <LanguageRoot lang={lang}>
      <Layout>
        <PasswordChangeFirst>{pages}</PasswordChangeFirst>
      </Layout>
    </LanguageRoot>
  );
}

/** The frame around the screens: language, layout, the password-change guard; a path without a language gets one. */
export function AppShell({ pages }: { pages: ReactNode }) {
  return (
    <Switch>
      <Route path="/:lang" nest>
        <LocalisedApp pages={pages} />
      </Route>
      <Route>
        <Redirect to={`/${negotiateLanguage(navigator.languages ?? [])}/login${window.location.search}`} replace />
      </Route>
    </Switch>
  );
}

/**
 * Draws the app into the page. A transition: React works in slices and lets the browser run in
 * between, rather than in one long task while a phone's main thread is busiest. A painted screen
 * is hydrated: React adopts its elements instead of drawing them again (a screen that differs is
 * drawn anew).
 */
export function mountApp(root: HTMLElement, app: ReactNode): void {
  startTransition(() => {
    if (root.hasChildNodes()) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
