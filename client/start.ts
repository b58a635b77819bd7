/**
 * The only script of a page whose screen was drawn at build time (scripts/prerender.ts): the
 * screen is on view with the style sheet alone, so the app's bytes are fetched once it has
 * been painted instead of competing with the page's own on a slow connection. Then all of it
 * at once: the entry, its chunks and the language's catalogue.
 */
import { app, catalogues, modules, screenModules } from 'client:start';
import { toLanguage } from '../shared/languages.ts';

function preload(href: string, as?: 'fetch') {
  const link = document.createElement('link');
  link.rel = as ? 'preload' : 'modulepreload';
  link.href = href;
  if (as) {
    link.as = as;
    // client/i18n.ts fetches it with same-origin credentials, which anonymous CORS mode matches.
    link.crossOrigin = 'anonymous';
  }
  document.head.append(link);
}

function startApp() {
  const [, lang, screen = ''] = window.location.pathname.split('/');
  preload(catalogues[toLanguage(lang)], 'fetch');
  for (const chunk of [...modules, ...(screenModules[screen.toLowerCase()] ?? [])]) preload(chunk);
  void import(app);
}

// A frame is painted between the animation frame and the timeout. A page opened in a
// background tab paints no frame until it is shown: it starts the app at once.
if (document.visibilityState === 'hidden') startApp();
else requestAnimationFrame(() => setTimeout(startApp, 0));
