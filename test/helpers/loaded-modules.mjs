// Preloaded with --import into a server process: when it exits, writes every module it loaded
// (ES modules as resolved, CommonJS modules from the require cache) to $LOADED_MODULES_FILE.
import { writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const resolved = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => resolved.add(url));
port1.unref();
register('./loaded-modules-hook.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });

process.on('exit', () => {
  const required = Object.keys(createRequire(import.meta.url).cache);
  writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify([...resolved, ...required]));
});
