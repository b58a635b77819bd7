import { readdirSync, readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

interface TeardownTarget {
  teardown(fn: () => unknown): void;
}

/** What React, React Testing Library and the screens read from the global scope. */
const GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'HTMLElement',
  'HTMLButtonElement',
  'HTMLInputElement',
  'HTMLFormElement',
  'FormData',
  'Element',
  'Node',
  'Text',
  'DocumentFragment',
  'Event',
  'MouseEvent',
  'KeyboardEvent',
  'FocusEvent',
  'InputEvent',
  'MutationObserver',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
] as const;

/**
 * A happy-dom window as the global DOM for a component test file (React Testing Library), with
 * the English catalogue in i18next as the built client has it (one object per locale file).
 * Import @testing-library/react only after this: its `screen` binds to the document it finds.
 */
export async function installDom(t: TeardownTarget, url = 'http://localhost:3000/en/'): Promise<void> {
  const window = new Window({ url });
  const scope = globalThis as Record<string, unknown>;
  for (const name of GLOBALS) {
    const value = (window as unknown as Record<string, unknown>)[name];
    Object.defineProperty(scope, name, {
      configurable: true,
      writable: true,
      value: typeof value === 'function' && /^[a-z]/.test(name) ? value.bind(window) : value,
    });
  }
  scope.IS_REACT_ACT_ENVIRONMENT = true;
  t.teardown(() => window.happyDOM.close());

  const dir = new URL('../../../locales/en/', import.meta.url);
  const resources = Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as unknown]),
  );
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: resources } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}
