import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads a secret kept under DATA_DIR/secrets, creating it on first use, so that a portal started
 * without configuration keeps its sessions and keys valid across restarts.
 */
export function loadOrCreateSecret(dataDir: string, name: string, bytes = 32): string {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(bytes).toString('hex');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process created it first: use theirs.
      return readFileSync(file, 'utf8').trim();
    }
  }
}
