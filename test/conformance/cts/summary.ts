/** Tallies each family's outcomes and renders the closing per-family summary. */
import type { Family } from './types';

export type Result = 'passed' | 'known gap' | 'not applicable' | 'failed';

const RESULTS: Result[] = ['passed', 'known gap', 'not applicable', 'failed'];

export class Tally {
  private readonly counts: Map<Family, Record<Result, number>>;

  /** Families are listed in the order given, whatever order their results arrive in. */
  constructor(families: readonly Family[]) {
    this.counts = new Map(families.map((family) => [family, zeros()]));
  }

  add(family: Family, result: Result): void {
    this.counts.get(family)![result] += 1;
  }

  /** One line per family and a total; "failed" counts cases that ran and neither passed nor matched a known gap. */
  render(): string {
    const total = zeros();
    const lines = [...this.counts].map(([family, row]) => {
      for (const r of RESULTS) total[r] += row[r];
      return line(family, row);
    });
    return ['Lance Namespace CTS', ...lines, line('total', total)].join('\n');
  }
}

function line(label: string, row: Record<Result, number>): string {
  return `  ${label.padEnd(12)} ${RESULTS.map((r) => `${row[r]} ${r}`).join(', ')}`;
}

function zeros(): Record<Result, number> {
  return Object.fromEntries(RESULTS.map((r) => [r, 0])) as Record<Result, number>;
}
