import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import t from 'tap';
import { isBrowserTest } from '../../scripts/test-run/browser-files.ts';
import { compileSources } from '../../scripts/test-run/compile.ts';
import { keepMeasuredCoverage } from '../../scripts/test-run/coverage.ts';
import { quarantined, readQuarantine } from '../../scripts/test-run/quarantine.ts';
import { runFiles, testFiles } from '../../scripts/test-run/run-files.ts';
import { failuresOf } from '../../scripts/test-run/tap-results.ts';

// npm test's runner (scripts/run-tests.ts): how it runs files, reads their TAP, and which
// failures it may retry or tolerate. The fixtures are not test files (*.fixture.ts): only this
// file runs them.
const FIXTURES = 'test/runner/fixtures';

t.test('each file runs in its own process; its failures are named by top-level test, a crash as (file)', async (t) => {
  const resultsDir = await mkdtemp(join(tmpdir(), 'runner-results-'));
  // Inside the project, where the compiled files find its node_modules.
  const compiledDir = await mkdtemp(join('.tap', 'runner-compiled-'));
  t.teardown(() => Promise.all([resultsDir, compiledDir].map((dir) => rm(dir, { recursive: true, force: true }))));
  const lines: string[] = [];
  const files = ['passes', 'fails', 'dies'].map((name) => `${FIXTURES}/${name}.fixture.ts`);
  await compileSources(compiledDir);
  const results = await runFiles(files, process.env, { resultsDir, compiledDir, log: (line) => lines.push(line) });

  t.same(
    results.map((result) => result.file),
    [...files].sort(),
    'one result per file',
  );
  const byName = (name: string) => results.find((result) => result.file.includes(`/${name}.`))!;
  t.same(byName('passes').failures, [], 'a passing file has no failures');
  t.same(
    byName('fails').failures.map((failure) => failure.test),
    ['second'],
    'the failing top-level test is named, the passing one is not',
  );
  t.match(byName('fails').failures[0]!.message, /one is two/, 'with the assertion that failed');
  t.same(
    byName('dies').failures.map((failure) => failure.test),
    ['(file)'],
    'a process that dies mid-file fails as a whole',
  );
  t.ok(
    results.every((result) => result.ms > 0),
    'each file is timed',
  );
  t.equal(lines.length, 3, 'one line per file as it ends');
  t.match(await readFile(join(resultsDir, `${FIXTURES}/fails.fixture.ts.tap`), 'utf8'), /not ok \d+ - second/, 'its TAP is kept');
});

t.test('a compiled file keeps its source location; its failures point at TypeScript lines', async (t) => {
  const resultsDir = await mkdtemp(join(tmpdir(), 'runner-results-'));
  const compiledDir = await mkdtemp(join('.tap', 'runner-compiled-'));
  t.teardown(() => Promise.all([resultsDir, compiledDir].map((dir) => rm(dir, { recursive: true, force: true }))));
  await compileSources(compiledDir);
  const files = [`${FIXTURES}/own-location.fixture.ts`, `${FIXTURES}/fails.fixture.ts`];
  const results = await runFiles(
    files,
    { ...process.env, NODE_OPTIONS: '--enable-source-maps' },
    { resultsDir, compiledDir, log: () => {} },
  );
  t.same(results.find((result) => result.file === files[0])?.failures, [], "import.meta.url, dirname and filename are the source's");
  t.match(
    await readFile(join(resultsDir, `${files[1]}.tap`), 'utf8'),
    /fileName: test\/runner\/fixtures\/fails\.fixture\.ts\n\s*lineNumber: 7/,
    'the failing assertion is named by its TypeScript file and line',
  );
});

t.test('the TAP of a file: top-level failures with their first failing assertion', async (t) => {
  const tap = [
    'TAP version 14',
    '# Subtest: signs in',
    '    not ok 1 - should be equal',
    '      ---',
    '      found: 500',
    '      wanted: 200',
    '      ...',
    '    1..1',
    'not ok 1 - signs in # time=12.5ms',
    'ok 2 - signs out # time=1ms',
    '1..2',
    '# time=20ms',
  ].join('\n');
  const failures = failuresOf(tap);
  t.same(
    failures.map((failure) => failure.test),
    ['signs in'],
  );
  t.match(failures[0]!.message, /should be equal\nfound: 500\nwanted: 200/);
  t.same(failuresOf('TAP version 14\nok 1 - a\n1..1\n# time=3ms\n'), [], 'a complete passing file');
  t.same(
    failuresOf('TAP version 14\nok 1 - a\n').map((failure) => failure.test),
    ['(file)'],
    'a file that stopped before its plan and closing time fails',
  );
});

t.test('the quarantine list: every entry gives a reason and a date', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'quarantine-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const write = async (entries: unknown) => {
    await writeFile(join(dir, 'q.json'), JSON.stringify(entries));
    return () => readQuarantine(join(dir, 'q.json'));
  };
  t.throws(await write([{ file: 'test/e2e/x.test.ts', date: '2026-11-27' }]), /give a reason/);
  t.throws(await write([{ file: 'test/e2e/x.test.ts', reason: 'loses a race with the font loader' }]), /date as YYYY-MM-DD/);
  t.throws(await write([{ reason: 'loses a race with the font loader', date: '2026-11-27' }]), /file missing/);
  const entries = (
    await write([
      { file: 'test/e2e/x.test.ts', test: 'opens the dialog', reason: 'loses a race with the font loader', date: '2026-11-27' },
      { file: 'test/e2e/y.test.ts', reason: 'the whole file waits on a fixed delay', date: '2026-11-27' },
    ])
  )();
  t.ok(quarantined(entries, 'test/e2e/x.test.ts', 'opens the dialog'), 'the named test');
  t.notOk(quarantined(entries, 'test/e2e/x.test.ts', 'closes the dialog'), 'not its neighbours');
  t.ok(quarantined(entries, 'test/e2e/y.test.ts', 'anything'), 'an entry without a test covers the file');
  t.same(readQuarantine('test/quarantine.json'), readQuarantine(), 'the project list reads');
});

t.test('only browser tests may be retried; every test file of the include globs is run', async (t) => {
  t.ok(isBrowserTest('test/e2e/first-slice.test.ts'), 'under test/e2e/');
  t.notOk(isBrowserTest('test/bff/first-slice.test.ts'), 'a portal route test');
  t.notOk(isBrowserTest('test/runner/runner.test.ts'), 'this file');
  const files = testFiles();
  t.ok(files.includes('test/runner/runner.test.ts'), 'this file is found');
  t.ok(files.length > 100, `${files.length} files`);
  t.notOk(
    files.some((file) => file.endsWith('.fixture.ts')),
    'fixtures are not test files',
  );
});

t.test("coverage keeps the measured trees' scripts and source maps, and nothing else", async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'coverage-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const [raw, out] = [join(dir, 'raw'), join(dir, 'out')];
  await Promise.all([mkdir(raw), mkdir(out)]);
  const url = (path: string) => pathToFileURL(join(process.cwd(), path)).href;
  const script = (path: string) => ({ scriptId: '1', url: url(path), functions: [] });
  await writeFile(
    join(raw, 'coverage-1.json'),
    JSON.stringify({
      result: [
        script('server/bff/app.ts'),
        script('shared/rules.ts'),
        script('node_modules/fastify/fastify.js'),
        script('test/helper.ts'),
        script('.tap/compiled/server/bff/upstream.mjs'),
        script('.tap/compiled/test/helper.mjs'),
      ],
      'source-map-cache': {
        // As tsx leaves it: an inline map that names its source by its full URL.
        [url('server/bff/app.ts')]: { url: null, data: { sources: [url('server/bff/app.ts')], mappings: 'AAAA' } },
        [url('node_modules/fastify/fastify.js')]: { url: null, data: { sources: ['fastify.ts'], mappings: 'AAAA' } },
        // As compile.ts leaves it: a map file beside the compiled module, its source relative to it.
        [url('.tap/compiled/server/bff/upstream.mjs')]: {
          url: url('.tap/compiled/server/bff/upstream.mjs.map'),
          data: { sources: ['../../../../server/bff/upstream.ts'], mappings: 'AAAA' },
        },
        [url('.tap/compiled/test/helper.mjs')]: {
          url: url('.tap/compiled/test/helper.mjs.map'),
          data: { sources: ['../../../test/helper.ts'], mappings: 'AAAA' },
        },
      },
    }),
  );
  await writeFile(join(raw, 'coverage-2.json'), JSON.stringify({ result: [script('node_modules/tap/index.js')] }));
  await writeFile(join(raw, 'coverage-3.json'), '{"result": [');

  keepMeasuredCoverage(raw, out);
  t.same(await readdir(raw), [], 'the raw files are gone');
  t.same(await readdir(out), ['coverage-1.json'], 'a process with nothing measured, or killed mid-write, leaves no file');
  const kept = JSON.parse(await readFile(join(out, 'coverage-1.json'), 'utf8')) as {
    result: Array<{ url: string }>;
    'source-map-cache': object;
  };
  t.same(
    kept.result.map((entry) => entry.url),
    [url('.tap/run-from-source/server/bff/app.ts'), url('server/bff/upstream.ts')],
    'a compiled module is filed under its source; a source tsx ran apart from it; a script without a map is left out',
  );
  t.same(kept['source-map-cache'], {
    [url('.tap/run-from-source/server/bff/app.ts')]: { url: null, data: { sources: [url('server/bff/app.ts')], mappings: 'AAAA' } },
    [url('server/bff/upstream.ts')]: {
      url: url('.tap/compiled/server/bff/upstream.mjs.map'),
      data: { sources: [url('server/bff/upstream.ts')], mappings: 'AAAA' },
    },
  });
});
