/** The benchmark's one table: measure, value, target, met or not. */

export interface Row {
  measure: string;
  value: string;
  target: string;
  /** undefined for a row that only informs. */
  met?: boolean;
}

export function markdownTable(rows: Row[]): string {
  const cells = [
    ['measure', 'value', 'target', 'met'],
    ...rows.map((r) => [r.measure, r.value, r.target, r.met === undefined ? '' : r.met ? 'yes' : 'no']),
  ];
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(cells[0]!), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.slice(1).map(line)].join('\n');
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const perSecond = (n: number) => `${Math.round(n).toLocaleString('en')}/s`;
export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
