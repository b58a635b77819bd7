import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toLanguage } from '../shared/languages.ts';
import { activateLanguage } from './i18n.ts';
import { AppRoutes } from './routes.tsx';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  // A screen rendered at build time (scripts/prerender.ts) stays in view, inert, until the app
  // can draw the same screen: its language first, so no spinner replaces it in between.
  if (root.hasChildNodes()) await activateLanguage(toLanguage(window.location.pathname.split('/')[1])).catch(() => undefined);
  root.removeAttribute('inert');
  createRoot(root).render(
    <StrictMode>
      <AppRoutes />
    </StrictMode>,
  );
}
