/** Latency samples per operation, summarised as count, throughput, p50 and p99 and printed as a table. */

export interface OperationStats {
  operation: string;
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** The value below which `q` of the sorted samples lie (nearest rank). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export class LatencyRecorder {
  private readonly samples = new Map<string, number[]>();

  record(operation: string, ms: number): void {
    const list = this.samples.get(operation) ?? [];
    list.push(ms);
    this.samples.set(operation, list);
  }

  summary(seconds: number): OperationStats[] {
    return [...this.samples].map(([operation, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return {
        operation,
        count: sorted.length,
        perSecond: sorted.length / seconds,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
      };
    });
  }
}

export function formatStats(rows: readonly OperationStats[]): string {
  const header = ['operation', 'requests', 'req/s', 'p50 ms', 'p99 ms'];
  const lines = rows.map((r) => [
    r.operation,
    String(r.count),
    r.perSecond.toFixed(1),
    r.p50.toFixed(2),
    r.p99.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [
    row(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...lines.map(row),
  ].join('\n');
}
