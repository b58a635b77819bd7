import { useEffect, useState } from 'react';
import { MENU_ACTIVE_OFFSET } from '../../../shared/limits.ts';

/**
 * The section in view (spec section 2, My account): the last one whose top has passed
 * MENU_ACTIVE_OFFSET pixels from the top of the window, or the last one at the bottom of the page.
 */
export function useActiveSection(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const key = ids.join(' ');

  useEffect(() => {
    const sectionIds = key.split(' ');
    let frame = 0;
    const update = () => {
      frame = 0;
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      let current = sectionIds[0];
      for (const id of sectionIds) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top <= MENU_ACTIVE_OFFSET) current = id;
      }
      setActive(atBottom && window.scrollY > 0 ? sectionIds[sectionIds.length - 1] : current);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    // In the next frame, where the browser lays the page out anyway: read now, the layout would
    // be forced inside the task that has just drawn the page.
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [key]);

  return active;
}
