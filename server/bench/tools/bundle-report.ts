/**
 * The bench's client bundle rows alone, without a database or a server: each route's first-load
 * JavaScript (gzip KB, files) against its budget, from the last `pnpm build` of the client.
 *
 *   pnpm --filter server bench:bundle [clientDist]
 *
 * Exits 1 when a route is over its budget.
 */
import path from 'node:path';
import { measureRouteBundles } from '../scenarios/client-bundle';

const clientDist = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..', '..', 'client', 'dist'));
const bundles = measureRouteBundles(clientDist);
for (const b of bundles) {
  const verdict = b.gzipKb <= b.limitKb ? 'PASS' : 'MISS';
  console.log(`${b.route.padEnd(15)} ${b.gzipKb.toFixed(1).padStart(6)} KB gzip ≤ ${b.limitKb} KB: ${verdict}, ${b.chunks.length} files`);
  console.log(`    ${b.chunks.map((c) => `${c.name} ${c.gzipKb.toFixed(1)}`).join(', ')} (KB gzip)`);
}
process.exitCode = bundles.every((b) => b.gzipKb <= b.limitKb) ? 0 : 1;
