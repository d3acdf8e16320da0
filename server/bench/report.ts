/** A performance target of a scenario and whether this run met it. */
export interface Target {
  label: string;
  pass: boolean;
}

/** One line of the bench table. Numbers left out print as "-". */
export interface Row {
  scenario: string;
  rps?: number;
  p50?: number;
  p95?: number;
  p99?: number;
  errors?: number;
  sqlPerRequest?: number;
  rssMb?: number;
  targets: Target[];
  /** Printed under the table (first error, ratios, sizes). */
  notes: string[];
  /** The scenario could not run or broke a correctness rule (always a non-zero exit). */
  failed?: string;
}

const num = (v: number | undefined, digits = 1) => (v === undefined || Number.isNaN(v) ? '-' : v.toFixed(digits));

/** The one table: figures, then each target with PASS/MISS (informational in smoke mode). */
export function renderTable(rows: Row[], smoke: boolean): string {
  const header = ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'SQL/req', 'RSS MB', smoke ? 'targets (smoke: not judged)' : 'targets'];
  const lines = rows.map((r) => [
    r.scenario,
    num(r.rps, 0),
    num(r.p50),
    num(r.p95),
    num(r.p99),
    r.failed ? 'FAILED' : r.errors === undefined ? '-' : String(r.errors),
    num(r.sqlPerRequest, 2),
    num(r.rssMb, 0),
    r.targets.map((t) => `${t.label} ${t.pass ? 'PASS' : 'MISS'}`).join('; ') || '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ');
  const rule = widths.map((w) => '-'.repeat(w)).join('-|-');
  const notes = rows.flatMap((r) => [...(r.failed ? [`FAILED: ${r.failed}`] : []), ...r.notes].map((n) => `  ${r.scenario}: ${n}`));
  return [fmt(header), rule, ...lines.map(fmt), ...(notes.length ? ['', ...notes] : [])].join('\n');
}

/** Non-zero when a scenario failed or had errors; in the full run also when a target was missed. */
export function exitCodeOf(rows: Row[], smoke: boolean): number {
  const broken = rows.some((r) => r.failed || (r.errors ?? 0) > 0);
  const missed = rows.some((r) => r.targets.some((t) => !t.pass));
  return broken || (!smoke && missed) ? 1 : 0;
}
