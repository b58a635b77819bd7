import type { ClientResponse } from '../helper.ts';

/** A request the portal has not answered by then counts as hanging. */
const HANG_MS = 15_000;

/** The reply, or a failure when it does not come within `hangMs`: no request may hang. */
export async function answered(request: Promise<ClientResponse>, hangMs = HANG_MS): Promise<ClientResponse> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${hangMs} ms`)), hangMs);
  });
  try {
    return await Promise.race([request, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits until `condition` holds (checked every 20 ms); fails after 30 s. */
export async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
