/** Series of one scrape: `name{label="value",...}` (labels as printed) → value. */
export type Scrape = Map<string, number>;

/** Reads a Prometheus text exposition over HTTP, as Prometheus does. */
export async function scrape(url: string): Promise<Scrape> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const series: Scrape = new Map();
  for (const line of (await response.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    series.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return series;
}

function labelsOf(key: string): Record<string, string> {
  const open = key.indexOf('{');
  if (open === -1) return {};
  return Object.fromEntries([...key.slice(open + 1, -1).matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
}

/** The sum of the series named `name` whose labels include `labels` (0 when there is none). */
export function valueOf(metrics: Scrape, name: string, labels: Record<string, string | number> = {}): number {
  let total = 0;
  for (const [key, value] of metrics) {
    const bare = key.split('{')[0];
    if (bare !== name) continue;
    const have = labelsOf(key);
    if (Object.entries(labels).every(([label, wanted]) => have[label] === String(wanted))) total += value;
  }
  return total;
}

/** Every label value of the series named `name` for `label`. */
export function labelValues(metrics: Scrape, name: string, label: string): string[] {
  return [...metrics.keys()].filter((key) => key.split('{')[0] === name).map((key) => labelsOf(key)[label] ?? '');
}
