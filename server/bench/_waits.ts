import pg from 'pg';
async function main() {
  const url = 'postgres://postgres:postgres@127.0.0.1:54339/' + (process.env.DB ?? 'collab_bench_smoke');
  const deadline = Date.now() + Number(process.env.T ?? 20) * 1000;
  let c: pg.Client | null = null;
  while (!c && Date.now() < deadline) { try { const x = new pg.Client({ connectionString: url }); x.on('error', () => {}); await x.connect(); c = x; } catch { await new Promise((r) => setTimeout(r, 500)); } }
  if (!c) return;
  const counts = new Map<string, number>(); let n = 0;
  while (Date.now() < deadline) {
    try {
      const r = await c.query(`select coalesce(wait_event_type,'CPU') || ':' || coalesce(wait_event,'-') || ' ' || state || ' ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 60) as k from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`);
      for (const row of r.rows) counts.set(row.k, (counts.get(row.k) ?? 0) + 1);
      n++;
    } catch { break; }
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log('samples', n);
  console.log([...counts].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(v / n).toFixed(2).padStart(6)} ${k}`).join('\n'));
  process.exit(0);
}
main();
