import { type ReactNode, startTransition, StrictMode, useInsertionEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { toLanguage } from '../shared/languages.ts';
import { activateLanguage } from './i18n.ts';
import { AppRoutes } from './routes.tsx';
import { loadScreenGroup, screenGroupOf } from './screens/lazy-screens.ts';
import './styles.css';

/**
 * Lets the visitor use the screen once React puts its own in place of the painted one, and not
 * before: whatever was typed into the painted screen in between would be thrown away. An
 * insertion effect runs as React changes the page, before the screen's autoFocus (which an
 * inert page would refuse).
 */
function TakeOver({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useInsertionEffect(() => root.removeAttribute('inert'), [root]);
  return children;
}

async function start(root: HTMLElement) {
  // A screen rendered at build time (scripts/prerender.ts) stays in view, inert, until the app
  // can draw the same screen: its language and its chunk first, so no spinner replaces it in
  // between. (Not awaited at the top level: the screen chunks import this module.)
  if (root.hasChildNodes()) {
    const [, lang, segment = ''] = window.location.pathname.split('/');
    const group = screenGroupOf(segment.toLowerCase());
    await Promise.all([activateLanguage(toLanguage(lang)), group && loadScreenGroup(group)]).catch(() => undefined);
  }
  // A transition: React renders the first screen in slices and lets the browser work in
  // between, rather than in one long task while a phone's main thread is busiest; a screen
  // whose code is still on its way keeps the painted one in view instead of a spinner.
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <TakeOver root={root}>
          <AppRoutes />
        </TakeOver>
      </StrictMode>,
    ),
  );
}

const root = document.getElementById('root');
if (root) void start(root);
