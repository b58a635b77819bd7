/** Resolved at build time by scripts/build-client.ts: every locales/<lang>/*.json, keyed by file name. */
declare module 'locales:*' {
  const resources: Record<string, Record<string, unknown>>;
  export default resources;
}
