import { availableParallelism } from 'node:os';

/**
 * At most `slots` password hashes at a time; the others wait their turn in order.
 *
 * argon2id is memory-hard (19 MiB a hash at the production cost): more hashes at once than there
 * are cores only take turns on the cores, each evicting the others' memory from the caches, so
 * every hash costs more CPU (measured on 2 cores, four verifications at a time: about 12 ms of
 * CPU each in libuv's default pool of four threads, 8.8 ms when two run at a time). Waiting for a
 * slot costs a sign-in nothing it would not have spent waiting for a core, and leaves the thread
 * pool's other threads to file and DNS work.
 */
export class HashSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly slots: number = availableParallelism()) {}

  async run<T>(hash: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await hash();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
