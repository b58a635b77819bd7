import { useEffect, useRef } from 'react';

/** How long a new screen may take to draw its heading (a chunk still loading) before we stop waiting. */
const HEADING_WAIT_MS = 3000;

/**
 * After a route change (not on the first page load, where the screen's own autofocus field
 * stays), the new screen starts at the top and the focus goes to its heading, so a screen
 * reader announces the new screen and the keyboard starts from it. The heading may arrive a
 * little later than the route (a screen chunk, the member read): we wait for it.
 */
export function useRouteFocus(path: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    const main = document.getElementById('main');
    if (!main) return;
    const focusHeading = (): boolean => {
      // The screen left behind may still be in the page, hidden, while the new one loads.
      const heading = [...main.querySelectorAll<HTMLElement>('h1')].find((h1) => h1.checkVisibility());
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      window.scrollTo(0, 0);
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'hidden'] });
    return stop;
  }, [path]);
}
