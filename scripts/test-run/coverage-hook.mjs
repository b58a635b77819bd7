/**
 * Loaded into every test process (`node --import`) when the run measures coverage. V8's precise
 * block coverage comes through the inspector and is written at exit for the compiled project
 * modules alone, with their source maps, in the shape NODE_V8_COVERAGE writes (so c8 and
 * coverage.ts read both alike). NODE_V8_COVERAGE would write every library script's coverage and
 * source map as well, about 20 MB a process, which the process writes and the runner reads again.
 *
 * Processes a test starts (a server started as a child) are measured by NODE_V8_COVERAGE, set
 * here for them alone: they may run sources with tsx, whose source maps only Node holds.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const outDir = process.env.TEST_COVERAGE_DIR;
const compiledDir = process.env.TEST_COMPILED_DIR;

if (outDir && compiledDir) {
  process.env.NODE_V8_COVERAGE = outDir;
  const compiledPrefix = `${pathToFileURL(compiledDir).href}/`;
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });

  process.on('exit', () => {
    // The inspector of the process's own thread answers synchronously, as an exit handler needs.
    session.post('Profiler.takePreciseCoverage', (error, taken) => {
      if (error) return;
      const result = taken.result.filter((script) => script.url.startsWith(compiledPrefix));
      const sourceMaps = {};
      for (const { url } of result) {
        const path = fileURLToPath(url);
        if (!existsSync(`${path}.map`)) continue;
        sourceMaps[url] = {
          url: `${url}.map`,
          data: JSON.parse(readFileSync(`${path}.map`, 'utf8')),
          lineLengths: readFileSync(path, 'utf8')
            .split('\n')
            .map((line) => line.length),
        };
      }
      mkdirSync(outDir, { recursive: true });
      writeFileSync(
        join(outDir, `coverage-${process.pid}-${Date.now()}-inspector.json`),
        JSON.stringify({ result, 'source-map-cache': sourceMaps }),
      );
    });
  });
}
