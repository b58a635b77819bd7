import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_SCROLL_OFFSET } from '../../../shared/limits.ts';
import { useActiveSection } from './use-active-section.ts';

export interface MenuEntry {
  id: string;
  /** Translation key of the section heading. */
  title: string;
}

/**
 * Scrolls so that the section starts MENU_SCROLL_OFFSET pixels below the top, and moves focus
 * there. The page draws its sections one per task as it opens: one not drawn yet is waited for,
 * a frame at a time, for about a second.
 */
function scrollToSection(id: string, framesLeft = 60): void {
  const section = document.getElementById(id);
  if (!section) {
    if (framesLeft > 0) requestAnimationFrame(() => scrollToSection(id, framesLeft - 1));
    return;
  }
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: section.getBoundingClientRect().top + window.scrollY - MENU_SCROLL_OFFSET, behavior: smooth ? 'smooth' : 'auto' });
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

/** The side menu of My account: one link per section, the section in view marked as current. */
export function AccountMenu({ entries }: { entries: readonly MenuEntry[] }) {
  const { t } = useTranslation();
  const active = useActiveSection(entries.map((entry) => entry.id));
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    scrollToSection(id);
  };

  return (
    <nav className="account__menu" aria-label={t('account.menu')}>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              className={entry.id === active ? 'is-active' : undefined}
              aria-current={entry.id === active ? 'location' : undefined}
              onClick={(event) => go(event, entry.id)}
            >
              {t(entry.title)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
