import { useEffect, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_SCROLL_OFFSET } from '../../../shared/limits.ts';
import { useActiveSection } from './use-active-section.ts';

export interface MenuEntry {
  id: string;
  /** Translation key of the section heading. */
  title: string;
}

/**
 * How a section is reached. From the menu: it is waited for about a second, and the page glides
 * there unless the member asked for less motion. From a link to the page (`my-account#passkeys`,
 * as in the passkey mail): it is waited for longer, as a slow phone draws the page for longer;
 * the page jumps there, as browsers do, and holds it in place while the sections above it grow
 * with their own reads, until the member scrolls or a few seconds pass.
 */
const FROM_MENU = { frames: 60, glide: true, holdMs: 0 };
const FROM_LINK = { frames: 600, glide: false, holdMs: 5_000 };
type Approach = typeof FROM_MENU;

/** What the member does to move the page: holding a section in place ends with any of it. */
const MEMBER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

const topOf = (section: HTMLElement) => section.getBoundingClientRect().top + window.scrollY - MENU_SCROLL_OFFSET;

/** Keeps the section where it is while the content around it changes size (browsers without scroll anchoring move it). */
function holdInPlace(section: HTMLElement, ms: number): void {
  const realign = new ResizeObserver(() => window.scrollTo({ top: topOf(section), behavior: 'instant' }));
  const stop = () => {
    realign.disconnect();
    for (const type of MEMBER_MOVES) window.removeEventListener(type, stop);
  };
  realign.observe(document.body);
  for (const type of MEMBER_MOVES) window.addEventListener(type, stop, { once: true, passive: true });
  setTimeout(stop, ms);
}

/**
 * Scrolls so that the section starts MENU_SCROLL_OFFSET pixels below the top, and moves focus
 * there. The page draws its sections one per task as it opens: one not drawn yet is waited for,
 * a frame at a time.
 */
function scrollToSection(id: string, how: Approach): void {
  const section = document.getElementById(id);
  if (!section) {
    if (how.frames > 0) requestAnimationFrame(() => scrollToSection(id, { ...how, frames: how.frames - 1 }));
    return;
  }
  const glide = how.glide && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: topOf(section), behavior: glide ? 'smooth' : 'instant' });
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  if (how.holdMs > 0) holdInPlace(section, how.holdMs);
}

/** The side menu of My account: one link per section, the section in view marked as current. */
export function AccountMenu({ entries }: { entries: readonly MenuEntry[] }) {
  const { t } = useTranslation();
  const active = useActiveSection(entries.map((entry) => entry.id));
  // A link to a section: the browser found nothing to scroll to, as the page had not drawn it yet.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (entries.some((entry) => entry.id === id)) scrollToSection(id, FROM_LINK);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page opens
  }, []);
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    scrollToSection(id, FROM_MENU);
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
