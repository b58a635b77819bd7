import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { buildClient } from '../../scripts/build-client.ts';

t.test('the build writes hashed assets and a page without inline script or style', async (t) => {
  const outdir = await mkdtemp(path.join(tmpdir(), 'client-build-'));
  t.teardown(() => rm(outdir, { recursive: true, force: true }));
  const outputs = await buildClient(outdir);
  const html = await readFile(path.join(outdir, 'index.html'), 'utf8');
  const assets = await readdir(path.join(outdir, 'assets'));

  t.match(outputs.script, /^\/assets\/main-[A-Z0-9]{8}\.js$/);
  t.match(outputs.style, /^\/assets\/main-[A-Z0-9]{8}\.css$/);
  for (const url of [outputs.script, outputs.style!, outputs.icon, ...outputs.preload]) {
    t.ok(assets.includes(url.replace('/assets/', '')), `${url} exists`);
    t.ok(html.includes(`"${url}"`), `${url} is referenced by index.html`);
  }
  t.notMatch(html, /<style|style=/, 'no inline style (the CSP allows style-src self only)');
  t.notMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');

  const scripts = await Promise.all(assets.filter((name) => name.endsWith('.js')).map(async (name) => ({ name, text: await readFile(path.join(outdir, 'assets', name), 'utf8') })));
  const holding = (text: string) => scripts.filter((file) => file.text.includes(text)).map((file) => file.name);
  const english = holding('The e-mail / account ID or password is incorrect.');
  const japanese = holding('パスワードを入力してください。');
  t.equal(english.length, 1, 'English texts live in one chunk');
  t.equal(japanese.length, 1, 'Japanese texts live in one chunk');
  t.not(english[0], japanese[0], 'each language is its own chunk');
  t.notOk(english[0]!.startsWith('main-'), 'and no language is in the entry');
  t.ok(scripts.some((file) => file.name.startsWith('login-page-')), 'the login page is a lazy chunk');
});
