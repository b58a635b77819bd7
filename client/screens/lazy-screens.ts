import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { SCREEN_GROUPS, type ScreenGroup } from '../../shared/screen-groups.ts';
import type { ScreenEntry } from '../../shared/screens.ts';

interface Groups {
  visitor: typeof import('./visitor.ts');
  member: typeof import('./member.ts');
}

const importers: { [G in ScreenGroup]: () => Promise<Groups[G]> } = {
  visitor: () => import('./visitor.ts'),
  member: () => import('./member.ts'),
};

const loaded: Partial<Groups> = {};

/** Fetches a group's chunk (once; the browser keeps the module). */
export function loadScreenGroup<G extends ScreenGroup>(group: G): Promise<Groups[G]> {
  return importers[group]().then((module) => (loaded[group] = module));
}

/** The group of a page's first path segment after the language, if its screen is not in the entry. */
export function screenGroupOf(segment: string): ScreenGroup | undefined {
  return (Object.keys(SCREEN_GROUPS) as ScreenGroup[]).find((group) => (SCREEN_GROUPS[group] as readonly string[]).includes(segment));
}

/** A screen of a group's chunk inside the chunk's request defaults (its swr reads come with the chunk). */
function inRequestDefaults<G extends ScreenGroup>(module: Groups[G], name: keyof Groups[G]): ComponentType {
  const Screen = module[name] as ComponentType;
  return function ScreenWithDefaults() {
    return createElement(module.RequestDefaults, null, createElement(Screen));
  };
}

/**
 * React.lazy for a screen of a group. Once the group's chunk is in, the screen renders at once
 * instead of suspending for a turn: a screen painted at build time is then not replaced by the
 * spinner in between (client/main.tsx loads the chunk before the app draws).
 */
function lazyScreen<G extends ScreenGroup, K extends keyof Groups[G]>(group: G, name: K): LazyExoticComponent<ComponentType> {
  type Loaded = { default: ComponentType };
  return lazy((): Promise<Loaded> => {
    const module = loaded[group] as Groups[G] | undefined;
    // A thenable that has settled: React.lazy takes its value without waiting.
    if (module)
      return { then: (resolve: (value: Loaded) => void) => resolve({ default: inRequestDefaults(module, name) }) } as Promise<Loaded>;
    return loadScreenGroup(group).then((m) => ({ default: inRequestDefaults(m, name) }));
  });
}

/** The table's screens of a group: each must be an export of the group's chunk entry (tsc fails otherwise). */
type Named<G extends ScreenGroup> = Extract<ScreenEntry, { group: G }>['component'];
const EVERY_SCREEN_EXPORTED: [Named<'visitor'>] extends [keyof Groups['visitor']]
  ? [Named<'member'>] extends [keyof Groups['member']]
    ? true
    : never
  : never = true;
void EVERY_SCREEN_EXPORTED;

/** The lazy component of a screen of the table that comes in a group's chunk. */
export function lazyScreenOf(screen: Extract<ScreenEntry, { group: ScreenGroup }>): LazyExoticComponent<ComponentType> {
  return lazyScreen(screen.group, screen.component as never);
}
