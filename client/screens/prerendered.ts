import { SCREENS, type ScreenEntry } from '../../shared/screens.ts';

/**
 * The screens rendered to HTML at build time for each language (scripts/prerender.ts): the ones
 * a visitor opens first, and the frame of My account (its heading, while the member is read), as
 * the table of screens (shared/screens.ts) marks them.
 * The page shell of such an address paints the screen before any script has arrived; the app
 * then hydrates it (client/main.tsx).
 */
export type PrerenderedScreen = Extract<ScreenEntry, { prerendered: true }>['segment'];
export const PRERENDERED_SCREENS: readonly PrerenderedScreen[] = SCREENS.flatMap((screen) =>
  'prerendered' in screen ? [screen.segment] : [],
);

/**
 * Until the app has hydrated a painted screen, its fields are read-only and its lists and
 * buttons disabled (scripts/client-shell.ts), so nothing is typed or pressed that the app would
 * not see. Each such element names the attribute the shell added in this one, which the app
 * removes as it takes over; attributes the screen itself renders stay.
 */
export const UNTIL_APP_ATTRIBUTE = 'data-until-app';

/** The attribute that holds each kind of element until the app takes over, and its value. */
export const UNTIL_APP_GUARDS = {
  input: ['readonly', ''],
  textarea: ['readonly', ''],
  select: ['disabled', ''],
  button: ['aria-disabled', 'true'],
} as const;

/**
 * Lifts what the shell put on a painted screen until the app took over, and gives the focus to
 * the screen's autofocus field: the browser refused it on the inert page, and React does not
 * focus the elements it hydrates.
 */
export function releasePaintedScreen(root: HTMLElement): void {
  root.removeAttribute('inert');
  for (const element of root.querySelectorAll(`[${UNTIL_APP_ATTRIBUTE}]`)) {
    element.removeAttribute(element.getAttribute(UNTIL_APP_ATTRIBUTE) ?? '');
    element.removeAttribute(UNTIL_APP_ATTRIBUTE);
  }
  const focused = document.activeElement;
  if (focused === null || focused === document.body) root.querySelector<HTMLElement>('[autofocus]')?.focus();
}
