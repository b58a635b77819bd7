/**
 * A full garbage collection in another Node process, asked for over the DevTools protocol: the
 * process runs with `--inspect=127.0.0.1:<port>`. Memory read after it shows what the process
 * holds, not how far its collector happened to get.
 */
import { WebSocket } from 'undici';

interface Target {
  webSocketDebuggerUrl: string;
}

export async function collectGarbage(inspectorPort: number): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as Target[];
  const target = targets[0];
  if (!target) throw new Error(`no inspector target on port ${inspectorPort}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  try {
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = reject;
    });
    await new Promise<void>((resolve, reject) => {
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (message.id !== 1) return;
        if (message.error) reject(new Error(`HeapProfiler.collectGarbage: ${message.error.message}`));
        else resolve();
      };
      socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
    });
  } finally {
    socket.close();
  }
}
