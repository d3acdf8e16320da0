import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { printAppSchema } from '../../../app/schema';

describe('schema contract', () => {
  it('the committed schema.graphql is exactly the schema the code builds (run `pnpm codegen` after changing it)', () => {
    const committed = readFileSync(path.resolve(__dirname, '../../../../../schema.graphql'), 'utf8');
    expect(printAppSchema()).toBe(committed);
  });
});
