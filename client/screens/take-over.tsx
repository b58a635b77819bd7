import { useEffect, type ReactNode } from 'react';
import { releasePaintedScreen } from './prerendered.ts';

/**
 * Lets the visitor use a painted screen once React has hydrated it and the screen has set itself
 * up, and not before: what was typed or pressed in between would go unseen or be undone. It sits
 * inside the screens' Suspense boundary, whose content React may hydrate in a later commit than
 * the page around it, and its effect runs after those of the screen (children's effects first).
 */
export function TakeOver({ children }: { children: ReactNode }) {
  useEffect(() => {
    const root = document.getElementById('root');
    if (root) releasePaintedScreen(root);
  }, []);
  return children;
}
