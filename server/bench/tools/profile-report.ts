/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. BENCH_SERVER_NODE_FLAGS="--cpu-prof --cpu-prof-dir=…")
 * over a time window: how busy each 2 s of the run was, then self and inclusive time per function.
 *
 *   pnpm --filter server bench:profile <file.cpuprofile> [fromSeconds] [toSeconds]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, fromArg, toArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-report <file.cpuprofile> [fromSeconds] [toSeconds]');
  process.exit(2);
}
const from = Number(fromArg ?? 0);
const to = Number(toArg ?? Infinity);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);

/** `function package-or-path:line`, with pnpm's store path shortened to the package. */
const label = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url.replace(/.*node_modules\/\.pnpm\/([^/]+)\/.*/, '$1').replace(/.*\/(src|dist)\//, '$1/');
  return `${functionName || '(anonymous)'} ${where}:${lineNumber}`;
};

let elapsed = 0;
const busyPerBucket = new Map<number, { all: number; busy: number }>();
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let inWindow = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  elapsed += profile.timeDeltas[i] / 1e6;
  const node = byId.get(id)!;
  const isIdle = node.callFrame.functionName === '(idle)';
  const bucket = Math.floor(elapsed / 2) * 2;
  const counts = busyPerBucket.get(bucket) ?? { all: 0, busy: 0 };
  counts.all += 1;
  if (!isIdle) counts.busy += 1;
  busyPerBucket.set(bucket, counts);
  if (elapsed < from || elapsed > to) return;
  inWindow += 1;
  if (isIdle) {
    idle += 1;
    return;
  }
  self.set(label(node), (self.get(label(node)) ?? 0) + 1);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parentOf.get(cur)) {
    const l = label(byId.get(cur)!);
    if (!seen.has(l)) inclusive.set(l, (inclusive.get(l) ?? 0) + 1);
    seen.add(l);
  }
});

const percent = (n: number) => `${((100 * n) / Math.max(1, inWindow)).toFixed(1).padStart(5)}%`;
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(`busy % per 2 s: ${[...busyPerBucket].map(([s, c]) => `${s}s ${Math.round((100 * c.busy) / c.all)}`).join(' · ')}`);
console.log(`window ${from}-${to} s: ${inWindow} samples, idle ${percent(idle)}`);
console.log('\nself time');
for (const [l, n] of top(self, 30)) console.log(`${percent(n)}  ${l}`);
console.log('\ninclusive time');
for (const [l, n] of top(inclusive, 60)) console.log(`${percent(n)}  ${l}`);
