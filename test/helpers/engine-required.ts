/**
 * Whether a test may skip an engine that is not installed. Locally a missing PostgreSQL or Redis
 * skips its tests; under CI (`CI` set) a missing engine fails instead of passing silently.
 */
export function engineInstalled(name: string, installed: boolean): boolean {
  if (!installed && process.env.CI) throw new Error(`${name} is not installed, and CI needs its tests: run scripts/test-prerequisites.sh`);
  return installed;
}
