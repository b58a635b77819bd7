import { useInsertionEffect, type ReactNode } from 'react';
import { releasePaintedScreen } from './prerendered.ts';

/**
 * Lets the visitor use a painted screen once React has hydrated it, and not before: what was
 * typed in between would go unseen by the app. It sits inside the screens' Suspense boundary,
 * whose content React may hydrate in a later commit than the page around it. An insertion effect
 * runs in that commit, before the screen's autoFocus (which an inert page would refuse).
 */
export function TakeOver({ children }: { children: ReactNode }) {
  useInsertionEffect(() => {
    const root = document.getElementById('root');
    if (root) releasePaintedScreen(root);
  }, []);
  return children;
}
