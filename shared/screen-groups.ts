import { segmentsOf } from './screens.ts';

/**
 * Which chunk of screens a page path needs, by its first segment after the language (from the
 * table of screens, shared/screens.ts). The build writes a page shell per language and group that
 * preloads the group's chunk, and the portal picks the shell by path. A path not listed here gets
 * the entry shell (login).
 */
export const SCREEN_GROUPS = {
  visitor: segmentsOf('visitor'),
  member: segmentsOf('member'),
} as const;

export type ScreenGroup = keyof typeof SCREEN_GROUPS;

/** The first segment of every page path after the language: the entry screen and the grouped screens. */
export const PAGE_SEGMENTS: ReadonlySet<string> = new Set([...segmentsOf('entry'), ...SCREEN_GROUPS.visitor, ...SCREEN_GROUPS.member]);
