/**
 * Fails when the project's own modules import one another in a circle (static or dynamic
 * imports): the client from its entry, both servers from theirs. It reads the import graph
 * esbuild resolves for a bundle (its metafile), without writing one; packages stay outside.
 * Run by `npm run lint`.
 */
import { build, type Metafile } from 'esbuild';

const ENTRIES = [
  { entryPoints: ['client/main.tsx', 'client/start.ts'], platform: 'browser' as const },
  { entryPoints: ['server/start.ts', 'server/member-service/main.ts'], platform: 'node' as const },
];

/** The import graph of the project's files: file → the files it imports. */
async function graphOf(entry: (typeof ENTRIES)[number]): Promise<Map<string, string[]>> {
  const result = await build({
    ...entry,
    bundle: true,
    write: false,
    metafile: true,
    splitting: entry.platform === 'browser',
    format: 'esm',
    outdir: 'dist/import-graph',
    packages: 'external',
    loader: { '.css': 'empty', '.svg': 'empty' },
    logLevel: 'silent',
  });
  const inputs: Metafile['inputs'] = result.metafile.inputs;
  return new Map(Object.entries(inputs).map(([file, input]) => [file, input.imports.filter((i) => !i.external).map((i) => i.path)]));
}

/** Every circle in a graph, each once, as the list of files around it. */
export function circlesOf(graph: Map<string, string[]>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push([...trail.slice(trail.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return circles;
}

const circles = (await Promise.all(ENTRIES.map(graphOf))).flatMap(circlesOf);
if (circles.length > 0) {
  console.error(`Import circles (${circles.length}):\n${circles.map((circle) => `  ${circle.join(' → ')}`).join('\n')}`);
  process.exit(1);
}
console.log('check-import-cycles: no import circle');
