#!/usr/bin/env node
// `pnpm test`: every check of the repository, in stages; independent stages run at the same time.
//
//   1. codegen:check                                   (writes client/src/gql: before anything reads it)
//   2. typecheck server | typecheck client | cycles | deps | the production build
//                                                      (CPU tasks, mostly single-threaded: both cores busy)
//   3. server tests | client tests, then the bench's smoke run (on the build)
//   4. browser journeys (the build; one at a time, each server on its own clone of one migrated
//      template database)
// The journeys run last on their own: beside group 3 they loaded two cores to 8 and stretched every
// timing test in the suites (bench/RESULTS.md, seventeenth round).
//
// Each stage's output is kept and printed when it ends (whole when it failed, its last lines
// otherwise); a table of every stage's wall time and CPU time (user + sys, the figure that does not
// depend on what else runs on the machine) closes the run. A failed stage fails the run after its
// group; later groups do not start. `TEST_STAGES=typecheck,deps` runs only the stages whose names
// contain one of the words (in the same groups).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stage = (name, command) => ({ name, command });

/** Groups run one after another; the lanes of a group run at the same time, each lane's stages in order. */
const GROUPS = [
  [[stage('codegen:check', 'pnpm codegen:check')]],
  [
    [stage('typecheck server', 'pnpm --filter server typecheck')],
    [stage('typecheck client', 'pnpm --filter client typecheck')],
    [stage('cycles', 'pnpm cycles')],
    [stage('deps', 'pnpm deps')],
    [stage('build', 'pnpm build')],
  ],
  [
    [stage('server tests', 'pnpm --filter server test')],
    [stage('client tests', 'pnpm --filter client test'), stage('bench smoke', 'pnpm --filter server bench --smoke')],
  ],
  [[stage('browser journeys', 'pnpm --filter client test:e2e')]],
];

const only = (process.env.TEST_STAGES ?? '').split(',').map((w) => w.trim()).filter(Boolean);
const selected = (s) => only.length === 0 || only.some((w) => s.name.includes(w));
const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
const work = mkdtempSync(path.join(os.tmpdir(), 'collab-test-'));
const results = [];

function run(s) {
  const timesFile = path.join(work, `${s.name.replace(/\W+/g, '_')}.time`);
  const [cmd, args] = timeBin ? [timeBin, ['-f', '%e %U %S', '-o', timesFile, 'sh', '-c', s.command]] : ['sh', ['-c', s.command]];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const wall = (Date.now() - started) / 1000;
      let cpu = null;
      if (timeBin && existsSync(timesFile)) {
        const [, user, sys] = readFileSync(timesFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
        cpu = { user, sys };
      }
      const ok = code === 0;
      const lines = output.trimEnd().split('\n');
      console.log(`\n── ${s.name}: ${ok ? 'ok' : `FAILED (exit ${code})`} in ${wall.toFixed(0)} s ${'─'.repeat(20)}`);
      console.log((ok ? lines.slice(-12) : lines).join('\n'));
      results.push({ name: s.name, ok, wall, cpu });
      resolve(ok);
    });
  });
}

const runLane = async (lane) => {
  for (const s of lane) if (selected(s) && !(await run(s))) return false;
  return true;
};

const started = Date.now();
let ok = true;
for (const group of GROUPS) {
  const lanes = group.map((lane) => lane.filter(selected)).filter((lane) => lane.length > 0);
  if (lanes.length === 0) continue;
  const outcomes = await Promise.all(lanes.map(runLane));
  if (outcomes.includes(false)) {
    ok = false;
    break;
  }
}
rmSync(work, { recursive: true, force: true });

const total = (Date.now() - started) / 1000;
const pad = (v, n) => String(v).padStart(n);
console.log('\nstage                 | wall s | user s |  sys s | result');
console.log('----------------------|--------|--------|--------|-------');
for (const r of results) {
  console.log(`${r.name.padEnd(22)}| ${pad(r.wall.toFixed(0), 6)} | ${pad(r.cpu ? r.cpu.user.toFixed(0) : '-', 6)} | ${pad(r.cpu ? r.cpu.sys.toFixed(0) : '-', 6)} | ${r.ok ? 'ok' : 'FAILED'}`);
}
const cpu = results.reduce((sum, r) => sum + (r.cpu ? r.cpu.user + r.cpu.sys : 0), 0);
console.log(`total: ${total.toFixed(0)} s wall, ${cpu.toFixed(0)} s CPU (user + sys) on ${os.availableParallelism()} cores, load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
process.exit(ok ? 0 : 1);
