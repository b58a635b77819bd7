import { StrictMode } from 'react';
import { isLanguage, toLanguage } from '../shared/languages.ts';
import { readMemberAhead } from './api/member.ts';
import { readPortalConfigAhead } from './api/portal-config.ts';
import { mountApp } from './app-shell.tsx';
import { activateLanguage } from './i18n.ts';
import { AppRoutes } from './routes.tsx';
import { loadScreenGroup, screenGroupOf } from './screens/lazy-screens.ts';
import './styles.css';

async function start(root: HTMLElement) {
  const [, lang, segment = ''] = window.location.pathname.split('/');
  readMemberAhead(segment.toLowerCase());
  // Not for an address the app sends to another language first (/fr/… → /ja-jp/…).
  if (isLanguage(lang)) readPortalConfigAhead(lang);
  // A screen rendered at build time (scripts/prerender.ts) stays in view, inert, until the app
  // has hydrated it (screens/take-over.tsx): its language and its chunk first, so that the first
  // render matches it.
  if (root.hasChildNodes()) {
    const group = screenGroupOf(segment.toLowerCase());
    await Promise.all([activateLanguage(toLanguage(lang)), group && loadScreenGroup(group)]).catch(() => undefined);
  }
  const app = (
    <StrictMode>
      <AppRoutes />
    </StrictMode>
  );
  mountApp(root, app);
}

const root = document.getElementById('root');
if (root) void start(root);
