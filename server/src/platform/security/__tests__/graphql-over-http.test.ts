import { auditServer, type AuditResult } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('GraphQL over HTTP compliance (graphql-http audits)', () => {
  it('passes every MUST audit; SHOULD/MAY warnings are listed', async () => {
    const results = await auditServer({ url: `${app.url}/graphql`, fetchFn: fetch });
    const describe = (r: AuditResult) => `${r.id} ${r.name}${r.status === 'ok' ? '' : `: ${r.reason}`}`;
    const errors = results.filter((r) => r.status === 'error').map(describe);
    const warnings = results.filter((r) => r.status === 'warn').map(describe);
    console.log(`graphql-http audits: ${results.length} run, ${results.filter((r) => r.status === 'ok').length} ok, ${warnings.length} warnings\n${warnings.join('\n')}`);
    expect(errors).toEqual([]);
  });
});
