/**
 * The services a benchmark loads, each in a process of its own, so that the load generator does
 * not share their event loop and the portal's memory can be read on its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Service {
  name: string;
  /** Base URL, without a trailing slash. */
  url: string;
  pid: number;
  /** Resident set size of the process, in bytes. */
  rss(): Promise<number>;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { signal: AbortSignal.timeout(1_000) })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

async function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return Promise.race([new Promise<boolean>((resolve) => child.once('exit', () => resolve(true))), sleep(ms).then(() => false)]);
}

/** Node's arguments that run `script`: TypeScript through tsx, compiled JavaScript by Node alone. */
export function scriptArgs(script: string): string[] {
  return /\.tsx?$/.test(script) ? ['--import', 'tsx', script] : [script];
}

/**
 * Runs `script` (TypeScript through tsx, or compiled JavaScript) with `env` and waits until `url` + `readyPath`
 * answers HTTP.
 * Output goes to `<logDir>/<name>.log`.
 */
export async function startService(options: {
  name: string;
  script: string;
  url: string;
  readyPath?: string;
  env: Record<string, string>;
  logDir: string;
  nodeArgs?: string[];
}): Promise<Service> {
  const log = createWriteStream(path.join(options.logDir, `${options.name}.log`));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...scriptArgs(options.script)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name} did not start`);

  const deadline = Date.now() + 60_000;
  while (!(await answers(options.url + (options.readyPath ?? '/healthz')))) {
    if (child.exitCode !== null)
      throw new Error(`${options.name} exited with ${child.exitCode}; see ${options.logDir}/${options.name}.log`);
    if (Date.now() > deadline) throw new Error(`${options.name} did not answer at ${options.url}`);
    await sleep(50);
  }

  return {
    name: options.name,
    url: options.url,
    pid,
    async rss() {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kib = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]);
      if (!Number.isFinite(kib)) throw new Error(`no VmRSS for ${options.name}`);
      return kib * 1024;
    },
    async stop() {
      // SIGTERM lets the service close cleanly (and write a CPU profile when asked for one).
      child.kill('SIGTERM');
      if (!(await exited(child, 10_000))) child.kill('SIGKILL');
      log.end();
    },
  };
}
