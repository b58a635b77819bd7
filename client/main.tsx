import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { toLanguage } from '../shared/languages.ts';
import { activateLanguage } from './i18n.ts';
import { AppRoutes } from './routes.tsx';
import { loadScreenGroup, screenGroupOf } from './screens/lazy-screens.ts';
import './styles.css';

async function start(root: HTMLElement) {
  // A screen rendered at build time (scripts/prerender.ts) stays in view, inert, until the app
  // has hydrated it (screens/take-over.tsx): its language and its chunk first, so that the first
  // render matches it. (Not awaited at the top level: the screen chunks import this module.)
  if (root.hasChildNodes()) {
    const [, lang, segment = ''] = window.location.pathname.split('/');
    const group = screenGroupOf(segment.toLowerCase());
    await Promise.all([activateLanguage(toLanguage(lang)), group && loadScreenGroup(group)]).catch(() => undefined);
  }
  const app = (
    <StrictMode>
      <AppRoutes />
    </StrictMode>
  );
  // A transition: React works in slices and lets the browser run in between, rather than in one
  // long task while a phone's main thread is busiest. A painted screen is hydrated: React adopts
  // its elements instead of drawing them again (a screen that differs is drawn anew).
  startTransition(() => {
    if (root.hasChildNodes()) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

const root = document.getElementById('root');
if (root) void start(root);
