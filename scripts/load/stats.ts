/** Latencies and errors per route, and the percentiles of the table. */

export class RouteStats {
  private readonly routes = new Map<string, { latencies: number[]; errors: number }>();
  /** Unexpected replies by route and what came back, for the report. */
  readonly errorKinds = new Map<string, number>();

  record(route: string, ms: number, error?: string): void {
    let entry = this.routes.get(route);
    if (!entry) this.routes.set(route, (entry = { latencies: [], errors: 0 }));
    entry.latencies.push(ms);
    if (error === undefined) return;
    entry.errors += 1;
    const kind = `${route}: ${error}`;
    this.errorKinds.set(kind, (this.errorKinds.get(kind) ?? 0) + 1);
  }

  summary(): Array<{ route: string; requests: number; errors: number; p50: number; p99: number }> {
    return [...this.routes].map(([route, { latencies, errors }]) => {
      const sorted = [...latencies].sort((a, b) => a - b);
      return { route, requests: sorted.length, errors, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
    });
  }
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
