import { useCallback, useSyncExternalStore } from 'react';

/**
 * The reads the frame around every screen makes and the screens share: the login state, the
 * member, the portal's settings, a company site's name. One request however many components
 * ask; the answer stays until a sign-in, a sign-out or a change replaces it. The first screen
 * draws with these alone, so swr (which the other screens' own reads use) does not come with it.
 */
export interface SharedRead<T> {
  data?: T;
  error?: unknown;
  /** No answer yet: a request is under way or about to start. */
  isLoading: boolean;
}

interface Entry {
  state: SharedRead<unknown>;
  load: (key: string) => Promise<unknown>;
  pending?: Promise<void>;
  /** Bumped when the answer is replaced or dropped: a request started before then is stale. */
  version: number;
  listeners: Set<() => void>;
}

const entries = new Map<string, Entry>();
const NOTHING_ASKED: SharedRead<never> = { isLoading: false };
const UNANSWERED: SharedRead<never> = { isLoading: true };

function entryOf(key: string, load: (key: string) => Promise<unknown>): Entry {
  const entry = entries.get(key);
  if (!entry) {
    const created = { state: UNANSWERED, load, version: 0, listeners: new Set<() => void>() };
    entries.set(key, created);
    return created;
  }
  // An answer set before anyone asked (setSharedRead) came without the way to read it.
  entry.load = load;
  return entry;
}

function update(entry: Entry, state: SharedRead<unknown>): void {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

function start(key: string, entry: Entry): Promise<void> {
  if (entry.pending) return entry.pending;
  const version = entry.version;
  // Read again with an answer at hand, the answer stays on view until the new one comes.
  if (!entry.state.isLoading && entry.state.data === undefined) update(entry, { ...entry.state, isLoading: true });
  const pending: Promise<void> = entry
    .load(key)
    .then(
      (data) => {
        if (entry.version === version) update(entry, { data, isLoading: false });
      },
      (error: unknown) => {
        if (entry.version === version) update(entry, { data: entry.state.data, error, isLoading: false });
      },
    )
    .finally(() => {
      if (entry.pending === pending) entry.pending = undefined;
    });
  entry.pending = pending;
  return pending;
}

/**
 * The shared answer for `key` (an API path), read with `load` when a component first asks;
 * `null` asks nothing. A failed read is tried again by the next component that asks.
 */
export function useSharedRead<T>(key: string | null, load: (key: string) => Promise<T>): SharedRead<T> {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (key === null) return () => undefined;
      const entry = entryOf(key, load);
      entry.listeners.add(onChange);
      if (entry.state.data === undefined && !entry.pending && (entry.state.isLoading || entry.state.error !== undefined))
        void start(key, entry);
      return () => entry.listeners.delete(onChange);
    },
    // The loader of a key never changes: it is the API layer's function for that path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const snapshot = () => (key === null ? NOTHING_ASKED : entryOf(key, load).state);
  // What the build drew (scripts/prerender.ts): nothing read yet. A screen it painted is hydrated
  // as drawn, and then shows what has been read meanwhile (readAhead).
  const drawn = () => (key === null ? NOTHING_ASKED : UNANSWERED);
  return useSyncExternalStore(subscribe, snapshot, drawn) as SharedRead<T>;
}

/** Starts the read of `key` before any component asks: the page's first screen will. */
export function readAhead<T>(key: string, load: (key: string) => Promise<T>): void {
  const entry = entryOf(key, load);
  if (entry.state.data === undefined && !entry.pending) void start(key, entry);
}

/** Replaces the answer for `key` (a reply that carried it, a sign-out), without a request. */
export function setSharedRead<T>(key: string, data: T): void {
  const entry = entries.get(key);
  if (!entry) {
    // The first component to ask brings the way to read it again (entryOf).
    entries.set(key, { state: { data, isLoading: false }, load: () => Promise.resolve(data), version: 0, listeners: new Set() });
    return;
  }
  entry.version += 1;
  entry.pending = undefined;
  update(entry, { data, isLoading: false });
}

/**
 * Drops the answer for `key` (it belonged to another session): components showing it read it
 * again at once (resolved when they have it); otherwise the next one to ask does.
 */
export function forgetSharedRead(key: string): Promise<void> {
  const entry = entries.get(key);
  if (!entry) return Promise.resolve();
  entry.version += 1;
  entry.pending = undefined;
  update(entry, UNANSWERED);
  return entry.listeners.size > 0 ? start(key, entry) : Promise.resolve();
}

/**
 * The answer for `key` changed on the server: components showing it keep it on view while they
 * read it again (resolved when they have the new one); otherwise it is dropped and the next
 * one to ask reads it.
 */
export function rereadSharedRead(key: string): Promise<void> {
  const entry = entries.get(key);
  if (!entry || entry.listeners.size === 0) return forgetSharedRead(key);
  entry.version += 1;
  entry.pending = undefined;
  return start(key, entry);
}
