import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/harness';
import { hashPassword } from '../../../features/auth/passwords';
import { DEMO_PASSWORD } from '../../seeders/demo';

/** The real entry point (src/app/main.ts) as someone trying the product, or an operator, starts it. */
const serverDir = path.resolve(__dirname, '..', '..', '..', '..');
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'collabhub-safe-start-'));
}, 60_000);
afterAll(async () => {
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs main.ts until it logs that it listens (then stops it) or exits; returns its output and exit code. */
function run(env: Record<string, string>): Promise<{ code: number | null; output: string; listening: { address: string; port: number } | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/app/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, DATABASE_URL: db.url, DATA_DIR: dataDir, PORT: '0', JOBS_ENABLED: 'false', LOG_LEVEL: 'info', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let listening: { address: string; port: number } | null = null;
    const onData = (d: Buffer) => {
      output += d;
      const line = output.split('\n').find((l) => l.includes('"server listening"'));
      if (line && !listening) {
        listening = JSON.parse(line);
        child.kill('SIGTERM');
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, listening });
    });
  });
}

describe('a safe default to start', () => {
  it('in development the server listens on 127.0.0.1 unless HOST says otherwise', async () => {
    const dev = await run({ NODE_ENV: 'development', SEED_DEMO_DATA: 'false' });
    expect(dev.listening, dev.output.slice(-2000)).toMatchObject({ address: '127.0.0.1' });
    expect(dev.output).toContain('HOST=0.0.0.0 exposes it');
  }, 120_000);

  it('production refuses to start with an account that has the demo password, naming it', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query(`insert into users (id, email, password_hash, account_type, role, created_at, updated_at) values (gen_random_uuid(), 'staff@example.test', $1, 'brand', 'support', now(), now())`, [
        await hashPassword(DEMO_PASSWORD),
      ]);
    } finally {
      await client.end();
    }
    const prod = await run({ NODE_ENV: 'production', JWT_SECRET: 'a3f9'.repeat(10), SECRETS_KEY: 'b7e1'.repeat(10) });
    expect(prod.listening).toBeNull();
    expect(prod.code).toBe(1);
    expect(prod.output).toMatch(/refusing to start in production: 1 account\(s\) have a published password .*staff@example\.test/);
  }, 120_000);

  it('production refuses demo data, the published example secret and a missing secret, naming each', async () => {
    const seeded = await run({ NODE_ENV: 'production', JWT_SECRET: 'change-me-to-a-long-random-secret-of-32-chars', SEED_DEMO_DATA: 'true' });
    expect(seeded.code).toBe(1);
    expect(seeded.output).toContain('JWT_SECRET: this is the published example value');
    expect(seeded.output).toContain('SEED_DEMO_DATA: demo data is never allowed in production');
    const none = await run({ NODE_ENV: 'production' });
    expect(none.code).toBe(1);
    expect(none.output).toContain('JWT_SECRET: required in production');
    expect(none.output).toContain('SECRETS_KEY: required in production');
  }, 120_000);
});
