import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account } from '../../bookings/__tests__/booking-fixtures';
import { call, createKey, seedMarketplace } from './partner-fixtures';

/**
 * docs/partners.md and docs/partners/operations/ cannot drift: every ```graphql block of the
 * page is one of the operation files (and every file is on the page), each file is valid against
 * the committed schema.graphql, and each runs against a seeded server answering the shape the
 * page documents. The curl and JavaScript examples run too.
 */

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..', '..');
const docsDir = path.join(repoRoot, 'docs');
const opsDir = path.join(docsDir, 'partners', 'operations');
const page = readFileSync(path.join(docsDir, 'partners.md'), 'utf8');
const schema = buildSchema(readFileSync(path.join(repoRoot, 'schema.graphql'), 'utf8'));

interface Block {
  lang: string;
  text: string;
}
const blocks: Block[] = [...page.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1], text: m[2].trim() }));
const files = Object.fromEntries(
  readdirSync(opsDir)
    .filter((f) => f.endsWith('.graphql'))
    .map((f) => [f.replace(/\.graphql$/, ''), readFileSync(path.join(opsDir, f), 'utf8').trim()]),
);
/** Who may run it, from the file's first line: `# auth: none | token | key`. */
const authOf = (text: string) => /^# auth: (none|token|key)$/m.exec(text)?.[1];

interface Documented {
  name: string;
  text: string;
  variables: Record<string, unknown>;
  response?: any;
}
/** Each graphql block with the JSON variables right after it and the `{"data": …}` example after those. */
const documented: Documented[] = blocks.flatMap((b, i) => {
  if (b.lang !== 'graphql') return [];
  const name = Object.keys(files).find((n) => files[n] === b.text) ?? '(no matching file)';
  let j = i + 1;
  const json = (k: number) => (blocks[k]?.lang === 'json' ? JSON.parse(blocks[k].text) : undefined);
  let variables = {};
  if (json(j) && !('data' in json(j)) && !('errors' in json(j))) variables = json(j++);
  const response = json(j) && 'data' in json(j) ? json(j) : undefined;
  return [{ name, text: b.text, variables, response }];
});

describe('partner docs and operation files agree', () => {
  it('every graphql block on the page is one of the operation files, and every file is on the page', () => {
    expect(documented.map((d) => d.name)).not.toContain('(no matching file)');
    expect(new Set(documented.map((d) => d.name))).toEqual(new Set(Object.keys(files)));
  });

  it('every operation file is valid against the committed schema.graphql and says who may run it', () => {
    for (const [name, text] of Object.entries(files)) {
      expect(validate(schema, parse(text)).map((e) => e.message), name).toEqual([]);
      expect(authOf(text), name).toBeDefined();
    }
  });

  it('every operation has a documented response, and the examples use only the operation files', () => {
    for (const d of documented) expect(d.response, d.name).toBeDefined();
    const bash = blocks.find((b) => b.lang === 'bash')!.text;
    for (const [, op] of bash.matchAll(/^\s*(?:\S+=\$\()?gql (\w+)/gm)) expect(Object.keys(files)).toContain(op);
    expect(bash).toMatch(/\$OPS\/PartnerListing\.graphql/);
    const js = blocks.find((b) => b.lang === 'js')!.text;
    expect(js).toContain(files.PartnerListing);
  });
});

describe('the documented operations against a seeded server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await seedMarketplace(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Runs in the order a partner would: sign in, make a key, read, revoke. */
  const ORDER = ['SignIn', 'CreateApiKey', 'MyApiKeys', 'PartnerListing', 'CreatorProfile', 'CreatorReviews', 'CreatorSlots', 'RevokeApiKey'];

  it('each answers the documented shape', async () => {
    expect([...ORDER].sort()).toEqual(Object.keys(files).sort());
    const found: Record<string, string> = {};
    for (const name of ORDER) {
      const d = documented.find((x) => x.name === name)!;
      const variables = JSON.parse(JSON.stringify(d.variables), (_k, v) => (typeof v === 'string' && /^<.+>$/.test(v) ? found[v] : v));
      if (name === 'CreatorSlots') Object.assign(variables, { from: app.clock.now().toISOString(), to: new Date(app.clock.now().getTime() + 7 * 86_400_000).toISOString() });
      const auth = authOf(d.text);
      const headers: Record<string, string> = auth === 'token' ? { authorization: `Bearer ${found.token}` } : auth === 'key' ? { 'x-api-key': found.key } : {};
      const res = await call(app, 'POST', '/graphql', { headers, body: { query: d.text, variables } });
      expect(res.status, name).toBe(200);
      expect(res.body.errors, name).toBeUndefined();
      expectShape(res.body, d.response, name);

      if (name === 'SignIn') found.token = res.body.data.login.tokens.accessToken;
      if (name === 'CreateApiKey') [found.key, found['<api key id>']] = [res.body.data.createApiKey.secret, res.body.data.createApiKey.apiKey.id];
      if (name === 'PartnerListing') found['<creator id>'] = res.body.data.creators.edges[0].node.id;
    }
  });

  it('the curl example runs (needs curl, jq and bash)', async (ctx) => {
    if (['curl', 'jq', 'bash', 'sha256sum'].some((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)) ctx.skip();
    const script = blocks.find((b) => b.lang === 'bash')!.text;
    const { status, stdout: out, stderr } = await run('bash', ['-euo', 'pipefail', '-c', script], { cwd: repoRoot, env: { ...process.env, BASE: app.url } });
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('{"displayName"')).length).toBeGreaterThan(0);
    expect(out).toContain('"PERSISTED_QUERY_NOT_FOUND"');
    expect(out).toMatch(/^cache-control: public, max-age=30/im);
    expect(lines.at(-1)).toMatch(/^\["/);
  });

  it('the JavaScript example runs with Node', async () => {
    const owner = await account(app);
    const key = await createKey(app, owner.token, { name: 'js example' });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'partner-js-'));
    try {
      const file = path.join(dir, 'listing.mjs');
      writeFileSync(file, blocks.find((b) => b.lang === 'js')!.text);
      const result = await run(process.execPath, [file], { env: { ...process.env, BASE: app.url, API_KEY: key.secret } });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/: \$\d+\.\d{2}\/h, rated \d/);
      expect(result.stdout.trim().split('\n').at(-1)).toMatch(/^\d+ creators$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A child process, awaited without blocking the event loop (the server under test lives in this process). */
function run(cmd: string, args: string[], opts: { cwd?: string; env: NodeJS.ProcessEnv }): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/**
 * The answer has exactly the documented keys at every level, with the documented JSON types;
 * `null` in the example means "may be null"; a non-empty example array must not come back empty.
 */
function expectShape(actual: unknown, example: unknown, at: string): void {
  if (example === null) return;
  if (Array.isArray(example)) {
    expect(Array.isArray(actual), at).toBe(true);
    const items = actual as unknown[];
    if (example.length > 0) expect(items.length, `${at} should not be empty`).toBeGreaterThan(0);
    items.forEach((item, i) => expectShape(item, example[0], `${at}[${i}]`));
    return;
  }
  if (typeof example === 'object') {
    expect(actual !== null && typeof actual === 'object' && !Array.isArray(actual), at).toBe(true);
    expect(Object.keys(actual as object).sort(), at).toEqual(Object.keys(example).sort());
    for (const [k, v] of Object.entries(example)) expectShape((actual as Record<string, unknown>)[k], v, `${at}.${k}`);
    return;
  }
  if (actual !== null) expect(typeof actual, at).toBe(typeof example);
}
