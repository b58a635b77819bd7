import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { buildClient } from '../../scripts/build-client.ts';

const outdir = await mkdtemp(path.join(tmpdir(), 'client-build-'));
t.teardown(() => rm(outdir, { recursive: true, force: true }));
const outputs = await buildClient(outdir);

t.test('the build writes hashed assets and a page without inline script or style', async (t) => {
  const html = await readFile(path.join(outdir, 'index.html'), 'utf8');
  const assets = await readdir(path.join(outdir, 'assets'));

  t.match(outputs.script, /^\/assets\/[a-z-]+-[A-Z0-9]{8}\.js$/);
  t.match(outputs.style, /^\/assets\/main-[A-Z0-9]{8}\.css$/);
  for (const url of [outputs.script, outputs.style!]) {
    t.ok(assets.includes(url.replace('/assets/', '')), `${url} exists`);
    t.ok(html.includes(`"${url}"`), `${url} is referenced by index.html`);
  }
  for (const url of [...Object.values(outputs.catalogues), ...Object.values(outputs.groups).flat()]) {
    t.ok(assets.includes(url.replace('/assets/', '')), `${url} exists`);
  }
  t.notMatch(html, /<style|style=/, 'no inline style (the CSP allows style-src self only)');
  t.notMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');

  const read = (url: string) => readFile(path.join(outdir, url), 'utf8');
  t.match(await read(outputs.catalogues.en), 'Incorrect e-mail, account ID or password.', 'English texts are in the English catalogue');
  t.match(await read(outputs.catalogues['ja-jp']), 'パスワードを入力してください。', 'Japanese texts in the Japanese one');
  t.notMatch(await read(outputs.catalogues.en), 'パスワードを入力してください。', 'each language is its own file');
  const scripts = await Promise.all(assets.filter((name) => name.endsWith('.js')).map((name) => read(`/assets/${name}`)));
  t.notOk(
    scripts.some((text) => text.includes('Incorrect e-mail, account ID or password.')),
    'no language is in the scripts',
  );
  // The schemas describe the servers' replies; the browser takes only constants and types from shared/.
  t.notOk(
    scripts.some((text) => text.includes('TypeBox.Kind')),
    'the schema library is not sent to the browser',
  );
});

t.test("the login page's scripts carry neither react-final-form nor swr: they come with the other screens", async (t) => {
  const read = (url: string) => readFile(path.join(outdir, url), 'utf8');
  // What a login page loads: the app chunk and what it preloads, and the start script of a painted screen.
  const login = await Promise.all([outputs.script, ...outputs.preload, ...(outputs.start ? [outputs.start] : [])].map(read));
  const screens = await Promise.all(Object.values(outputs.groups).flat().map(read));
  // Strings the minifier keeps: final-form's error keys, swr's key prefix of infinite reads.
  const formLibrary = (text: string) => text.includes('FINAL_FORM/');
  const swr = (text: string) => text.includes('$inf$');
  t.notOk(login.some(formLibrary), 'no form library on the login page');
  t.notOk(login.some(swr), 'no swr on the login page');
  t.ok(screens.some(formLibrary), 'the form library comes with the screen chunks');
  t.ok(screens.some(swr), 'so does swr');
});
