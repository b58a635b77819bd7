/**
 * The screens rendered to HTML at build time for each language (scripts/prerender.ts): the ones
 * a visitor opens first, and the frame of My account (its heading, while the member is read).
 * The page shell of such an address paints the screen before any script has arrived; the app
 * then draws the same screen in its place (client/main.tsx).
 */
export const PRERENDERED_SCREENS = ['login', 'register', 'my-account'] as const;

export type PrerenderedScreen = (typeof PRERENDERED_SCREENS)[number];
