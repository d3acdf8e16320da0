import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { acceptedBooking, account, creator, gqlError, HOUR, hourFromNow, type Account } from '../../bookings/__tests__/booking-fixtures';
import { createKey, gqlWith } from '../../partners/__tests__/partner-fixtures';
import { UserRole } from '../../users/user.entity';
import { startReceiver, type Receiver } from '../../webhooks/__tests__/receiver';

/**
 * Support's powers over partners' integrations are read, revoke and disable, nothing else; every
 * support action that changes another account's data leaves an append-only audit row with its
 * reason, which support reads (per account) and the account reads as its own activity.
 */
let app: TestApp;
let receiver: Receiver;
let support: Account;
beforeAll(async () => {
  app = await startTestApp();
  receiver = await startReceiver();
  support = await account(app, 'brand', UserRole.SUPPORT);
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

const CREATE_ENDPOINT = `mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { id } } }`;
const ENDPOINT = `query ($u: ID!) { webhookEndpoints(userId: $u) { id url enabled disabledReason } }`;
const LOG = `query ($u: ID) { supportAuditLog(userId: $u) { actorId actorEmail action targetUserId targetEmail subjectId reason summary metadataJson at } }`;
const ACTIVITY = `query { myAccountActivity { action summary reason subjectId at } }`;
const ME = `query { me { id } }`;

async function endpointOf(owner: Account, path: string): Promise<string> {
  const made = await app.gql(CREATE_ENDPOINT, { input: { url: receiver.url(path), eventTypes: ['booking.created'] } }, owner.token);
  if (made.body.errors) throw new Error(JSON.stringify(made.body.errors));
  return made.body.data.createWebhookEndpoint.endpoint.id;
}

const auditCount = async () => Number((await app.orm.em.fork().getConnection().execute('select count(*)::int as n from support_audit'))[0].n);

describe("support's powers and their audit log", () => {
  it("support cannot repoint, re-secret, delete, resend or replay a partner's endpoint, nor make a key for them", async () => {
    const brand = await account(app);
    const endpointId = await endpointOf(brand, '/owned');
    const attempts = [
      app.gql(`mutation ($id: ID!) { updateWebhookEndpoint(id: $id, input: { url: "${receiver.url('/attacker')}" }) { url } }`, { id: endpointId }, support.token),
      app.gql(`mutation ($id: ID!) { updateWebhookEndpoint(id: $id, input: { enabled: false }) { enabled } }`, { id: endpointId }, support.token),
      app.gql(`mutation ($id: ID!) { rotateWebhookSecret(id: $id) { secret } }`, { id: endpointId }, support.token),
      app.gql(`mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }`, { id: endpointId }, support.token),
      app.gql(`mutation ($id: ID!) { replayWebhookEvents(endpointId: $id, since: "2020-01-01T00:00:00Z") { queued } }`, { id: endpointId }, support.token),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(gqlError(res.body)).toMatchObject({ code: 'NOT_FOUND', message: 'Webhook endpoint not found' });
      expect(JSON.stringify(res.body)).not.toContain('whsec_');
    }
    const [state] = (await app.gql(ENDPOINT, { u: brand.userId }, support.token)).body.data.webhookEndpoints;
    expect(state).toEqual({ id: endpointId, url: receiver.url('/owned'), enabled: true, disabledReason: null });

    const minted = await app.gql(`mutation ($u: ID!) { createApiKey(input: { name: "support-made", userId: $u }) { secret } }`, { u: brand.userId }, support.token);
    expect(minted.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(await auditCount()).toBe(0);
  });

  it('support disables an endpoint and revokes a key only with a reason; each leaves an audit row the owner reads as account activity', async () => {
    const brand = await account(app);
    const endpointId = await endpointOf(brand, '/to-disable');
    const key = await createKey(app, brand.token, { name: 'Agency dashboard' });
    const before = await auditCount();

    // Without a reason: a 400 naming the field, and nothing changes.
    for (const res of [
      await app.gql(`mutation ($id: ID!) { disableWebhookEndpoint(id: $id) { enabled } }`, { id: endpointId }, support.token),
      await app.gql(`mutation ($id: ID!) { disableWebhookEndpoint(id: $id, reason: "   ") { enabled } }`, { id: endpointId }, support.token),
      await app.gql(`mutation ($id: ID!) { revokeApiKey(id: $id) { status } }`, { id: key.id }, support.token),
    ]) {
      expect(gqlError(res.body)).toEqual({ code: 'BAD_USER_INPUT', message: 'reason: support must say why (it is shown to the account)' });
      expect(res.body.errors[0].extensions.field).toBe('reason');
    }
    expect((await app.gql(ENDPOINT, { u: brand.userId }, support.token)).body.data.webhookEndpoints[0].enabled).toBe(true);
    expect((await gqlWith(app, { 'x-api-key': key.secret }, ME)).status).toBe(200);
    expect(await auditCount()).toBe(before);

    const disabled = await app.gql(
      `mutation ($id: ID!) { disableWebhookEndpoint(id: $id, reason: "Endpoint answers with 500 to every event") { enabled disabledReason } }`,
      { id: endpointId },
      support.token,
    );
    expect(disabled.body.data.disableWebhookEndpoint).toEqual({ enabled: false, disabledReason: 'Disabled by CollabHub support: Endpoint answers with 500 to every event' });
    const revoked = await app.gql(`mutation ($id: ID!) { revokeApiKey(id: $id, reason: "Key pasted in a public forum") { status } }`, { id: key.id }, support.token);
    expect(revoked.body.data.revokeApiKey.status).toBe('REVOKED');
    expect((await gqlWith(app, { 'x-api-key': key.secret }, ME)).status).toBe(401);
    // Doing it again changes nothing, so it records nothing.
    await app.gql(`mutation ($id: ID!) { revokeApiKey(id: $id, reason: "again") { status } }`, { id: key.id }, support.token);
    await app.gql(`mutation ($id: ID!) { disableWebhookEndpoint(id: $id, reason: "again") { enabled } }`, { id: endpointId }, support.token);

    const log = (await app.gql(LOG, { u: brand.userId }, support.token)).body.data.supportAuditLog;
    expect(log.map((r: any) => [r.action, r.subjectId, r.reason])).toEqual([
      ['api_key.revoked', key.id, 'Key pasted in a public forum'],
      ['webhook_endpoint.disabled', endpointId, 'Endpoint answers with 500 to every event'],
    ]);
    expect(log[0]).toMatchObject({ actorId: support.userId, actorEmail: support.email, targetUserId: brand.userId, targetEmail: brand.email });
    expect(JSON.parse(log[0].metadataJson)).toEqual({ name: 'Agency dashboard', prefix: key.apiKey.prefix });
    expect(log[1].summary).toBe(`Support disabled the webhook endpoint ${receiver.url('/to-disable')}`);

    const activity = (await app.gql(ACTIVITY, {}, brand.token)).body.data.myAccountActivity;
    expect(activity.map((a: any) => [a.action, a.summary, a.reason])).toEqual([
      ['api_key.revoked', `Support revoked the API key “Agency dashboard” (${key.apiKey.prefix}…)`, 'Key pasted in a public forum'],
      ['webhook_endpoint.disabled', `Support disabled the webhook endpoint ${receiver.url('/to-disable')}`, 'Endpoint answers with 500 to every event'],
    ]);
    // Nobody else reads it: another account's activity is its own, the log is support's.
    const stranger = await account(app);
    expect((await app.gql(ACTIVITY, {}, stranger.token)).body.data.myAccountActivity).toEqual([]);
    expect(gqlError((await app.gql(LOG, { u: brand.userId }, stranger.token)).body)).toMatchObject({ code: 'FORBIDDEN' });

    // The owner still controls the endpoint: they enable it again.
    const enabled = await app.gql(`mutation ($id: ID!) { updateWebhookEndpoint(id: $id, input: { enabled: true }) { enabled } }`, { id: endpointId }, brand.token);
    expect(enabled.body.data.updateWebhookEndpoint.enabled).toBe(true);
  });

  it('a dispute decision needs a reason and is recorded for both parties; a warning is recorded for the warned account', async () => {
    const start = hourFromNow(app, 1);
    const c = await creator(app, [start], { displayName: 'Audit Ava' });
    const brand = await account(app);
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    app.clock.advance(2 * HOUR);
    const opened = await app.gql(
      `mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { dispute { id } } }`,
      { input: { bookingId, reason: 'The creator never showed up' } },
      brand.token,
    );
    const disputeId = opened.body.data.openDispute.dispute.id;
    const RESOLVE = `mutation ($input: ResolveDisputeInput!) { resolveDispute(input: $input) { booking { status } } }`;
    const noReason = await app.gql(RESOLVE, { input: { disputeId, resolution: 'REFUND_FULL' } }, support.token);
    expect(gqlError(noReason.body)).toEqual({ code: 'BAD_USER_INPUT', message: 'note: a decision needs a reason (both parties see it)' });
    expect(noReason.body.errors[0].extensions.field).toBe('note');
    const blank = await app.gql(RESOLVE, { input: { disputeId, resolution: 'REFUND_FULL', note: '  ' } }, support.token);
    expect(gqlError(blank.body)).toEqual({ code: 'BAD_USER_INPUT', message: 'note: a decision needs a reason (both parties see it)' });
    const decided = await app.gql(RESOLVE, { input: { disputeId, resolution: 'REFUND_FULL', note: 'No stream took place' } }, support.token);
    expect(decided.body.data.resolveDispute.booking.status).toBe('CANCELLED');

    for (const party of [brand, c]) {
      const [row] = (await app.gql(ACTIVITY, {}, party.token)).body.data.myAccountActivity;
      expect(row).toMatchObject({ action: 'dispute.resolved', reason: 'No stream took place', subjectId: bookingId, summary: 'Support decided the dispute on a booking with a full refund to the brand' });
    }

    const warned = await app.gql(
      `mutation ($input: WarnUserInput!) { warnUser(input: $input) { id } }`,
      { input: { userId: c.userId, reason: 'Missed a confirmed booking', bookingId } },
      support.token,
    );
    const [latest] = (await app.gql(LOG, { u: c.userId }, support.token)).body.data.supportAuditLog;
    expect(latest).toMatchObject({ action: 'user.warned', subjectId: warned.body.data.warnUser.id, reason: 'Missed a confirmed booking', targetUserId: c.userId });
  });

  it('the log is append-only in the database: updates, deletes and truncation are refused', async () => {
    const brand = await account(app);
    const key = await createKey(app, brand.token);
    await app.gql(`mutation ($id: ID!) { revokeApiKey(id: $id, reason: "Compromised") { status } }`, { id: key.id }, support.token);
    const conn = app.orm.em.fork().getConnection();
    await expect(conn.execute(`update support_audit set reason = 'nothing happened' where target_user_id = ?`, [brand.userId])).rejects.toThrow(/append-only/);
    await expect(conn.execute(`delete from support_audit where target_user_id = ?`, [brand.userId])).rejects.toThrow(/append-only/);
    await expect(conn.execute(`truncate support_audit`)).rejects.toThrow(/append-only/);
    const [row] = await conn.execute(`select reason from support_audit where target_user_id = ?`, [brand.userId]);
    expect(row.reason).toBe('Compromised');
  });
});
