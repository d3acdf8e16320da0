import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const STRENGTH = /* GraphQL */ `
  mutation ($input: PasswordStrengthInput!) { passwordStrength(input: $input) { score minScore warning suggestions } }`;

const REGISTER = /* GraphQL */ `
  mutation ($input: RegisterInput!) { register(input: $input) { user { id } } }`;

describe('passwordStrength: the forms ask the rule register applies', () => {
  it('a common password scores low with a reason; a long phrase passes; what it calls weak, register refuses', async () => {
    const weak = await app.gql(STRENGTH, { input: { password: 'password123' } });
    expect(weak.body.errors).toBeUndefined();
    expect(weak.body.data.passwordStrength.score).toBeLessThan(3);
    expect(weak.body.data.passwordStrength.minScore).toBe(3);
    expect(weak.body.data.passwordStrength.warning).toMatch(/common/i);
    const refused = await app.gql(REGISTER, { input: { email: 'meter@weak.test', password: 'password123', accountType: 'BRAND' } });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    const strong = await app.gql(STRENGTH, { input: { password: 'violet-harbor-cactus-71' } });
    expect(strong.body.data.passwordStrength.score).toBeGreaterThanOrEqual(3);
  });

  it("the account's own words count against it", async () => {
    const input = { password: 'quillonbrackenridge', email: 'quillon@example.test', displayName: 'Quillon Brackenridge' };
    const mine = await app.gql(STRENGTH, { input });
    const stranger = await app.gql(STRENGTH, { input: { password: input.password } });
    expect(mine.body.data.passwordStrength.score).toBeLessThan(stranger.body.data.passwordStrength.score);
  });

  it('an over-long password is refused naming the field, without judging it', async () => {
    const res = await app.gql(STRENGTH, { input: { password: 'x'.repeat(129) } });
    expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors[0].message).toBe('password must be at most 128 characters');
  });
});
