import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { buildClient } from '../../scripts/build-client.ts';
import { PRERENDERED_SCREENS } from '../../client/screens/prerendered.ts';
import { LANGUAGES } from '../../shared/languages.ts';

/**
 * The sign-in screen painted at build time is replaced by the app's. Until then nothing on it may
 * take input: a password manager or a quick visitor would fill fields that are about to vanish,
 * and a click on its button would do nothing.
 */
/** The painted screens that hold a form; My account paints only its frame. */
const PRERENDERED_FORMS = PRERENDERED_SCREENS.filter((screen) => screen !== 'my-account');

const outdir = await mkdtemp(path.join(tmpdir(), 'client-build-'));
t.teardown(() => rm(outdir, { recursive: true, force: true }));
await buildClient(outdir);

/** The painted root of a screen's page shell. */
async function paintedRoot(lang: string, screen: string): Promise<string> {
  const html = await readFile(path.join(outdir, 'shells', lang, `${screen}.prerendered.html`), 'utf8');
  return html.slice(html.indexOf('<div id="root"'), html.indexOf('</body>'));
}

t.test('the painted screens (sign-in, registration) take no input until the app replaces them', async (t) => {
  for (const [lang, screen] of LANGUAGES.flatMap((lang) => PRERENDERED_FORMS.map((screen) => [lang, screen] as const))) {
    const root = await paintedRoot(lang, screen);
    const fields = root.match(/<(input|textarea)\b[^>]*>/g) ?? [];
    const buttons = root.match(/<button\b[^>]*>/g) ?? [];
    const lists = root.match(/<select\b[^>]*>/g) ?? [];
    t.ok(fields.length >= 2 && buttons.length >= 1, `${lang}/${screen}: the form is painted`);
    t.same(
      fields.filter((tag) => !/\sreadonly\b/.test(tag)),
      [],
      `${lang}/${screen}: every painted field is read-only`,
    );
    t.same(
      buttons.filter((tag) => !tag.includes('aria-disabled="true"')),
      [],
      `${lang}/${screen}: every painted button is disabled`,
    );
    t.ok(lists.length >= 1, `${lang}/${screen}: the language list is painted`);
    t.same(
      lists.filter((tag) => !/\sdisabled\b/.test(tag)),
      [],
      `${lang}/${screen}: every painted list is disabled (a language picked on it would be lost)`,
    );
  }
});

t.test("My account's frame is painted in each language: its heading, what it holds, and that the member is being read", async (t) => {
  const catalogue = async (lang: string) =>
    JSON.parse(await readFile(path.join('locales', lang, 'account.json'), 'utf8')) as { title: string };
  const common = async (lang: string) =>
    JSON.parse(await readFile(path.join('locales', lang, 'common.json'), 'utf8')) as { meta: { description: string } };
  for (const lang of LANGUAGES) {
    const root = await paintedRoot(lang, 'my-account');
    t.match(root, `<h1>${(await catalogue(lang)).title}</h1>`, `${lang}: the heading`);
    // The largest text of the first paint in every language: the page's largest paint is its first.
    t.match(root, `<p class="account__lead">${(await common(lang)).meta.description}</p>`, `${lang}: the lead under it`);
    t.match(root, /role="status"/, `${lang}: the loading status`);
    t.match(root, /^<div id="root" inert>/, `${lang}: inert until the app takes over`);
  }
});
