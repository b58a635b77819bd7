import { readFileSync } from 'node:fs';
import t from 'tap';
import { PRERENDERED_SCREENS } from '../../client/screens/prerendered.ts';
import { SECRET_TAIL_AFTER } from '../../server/common/log-safe-path.ts';
import { PAGE_SEGMENTS, SCREEN_GROUPS } from '../../shared/screen-groups.ts';
import { SCREENS, type Screen } from '../../shared/screens.ts';

/**
 * The table of screens is the one list: each entry is consistent, each chunk entry exports exactly
 * the table's screens of its group (tsc checks the other way), and the page shells, the painted
 * screens and the log's token-carrying paths are the table's.
 */
const screens: readonly Screen[] = SCREENS;

t.test('every path starts with its screen segment, and every path is routed once', async (t) => {
  for (const screen of screens)
    for (const path of screen.paths) t.ok(path === `/${screen.segment}` || path.startsWith(`/${screen.segment}/`), path);
  const paths = screens.flatMap((screen) => screen.paths);
  t.equal(new Set(paths).size, paths.length);
});

t.test('each chunk entry exports the screens the table puts in its group, and nothing else', async (t) => {
  for (const group of ['visitor', 'member'] as const) {
    const source = readFileSync(new URL(`../../client/screens/${group}.ts`, import.meta.url), 'utf8');
    const exported = [...source.matchAll(/as (\w+) \}/g)].map((match) => match[1]).sort();
    const listed = screens
      .filter((screen) => screen.group === group)
      .map((screen) => screen.component)
      .sort();
    t.same(exported, listed, group);
  }
});

t.test('shells, painted screens and the log follow the table', async (t) => {
  t.same([...PAGE_SEGMENTS].sort(), [...new Set(screens.map((screen) => screen.segment))].sort());
  t.same(SCREEN_GROUPS.member.slice().sort(), [...new Set(screens.filter((s) => s.group === 'member').map((s) => s.segment))].sort());
  t.same(
    PRERENDERED_SCREENS.slice().sort(),
    screens
      .filter((screen) => screen.prerendered)
      .map((screen) => screen.segment)
      .sort(),
  );
  for (const screen of screens) {
    if (screen.secretAfter)
      t.ok(SECRET_TAIL_AFTER.has(screen.secretAfter), `${screen.segment}: the log masks what follows ${screen.secretAfter}`);
    else
      t.notOk(
        screen.paths.some((path) => path.includes(':')),
        `${screen.segment} carries no parameter`,
      );
  }
});
