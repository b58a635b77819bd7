/**
 * A loader that runs once, when first called, and hands every caller the same promise: for a
 * library that only some requests or settings need, so that a process's start does not pay for
 * importing it. A dynamic import inside `load` must name its module literally (the compiled test
 * run maps it).
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
