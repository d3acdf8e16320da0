import { it } from 'vitest';
import { launchBrowser, newActor } from './support/browser';
import { JourneyClock } from './support/clock';
import { startE2EServer } from './support/server';
import { register, openTab } from './support/ui';
it('diag', async () => {
  const server = await startE2EServer();
  const clock = new JourneyClock(server);
  await clock.set(new Date('2031-06-09T06:00:00Z'));
  const browser = await launchBrowser();
  const a = await newActor(browser, 'd', server.url);
  await clock.attach(a);
  a.page.on('response', async (r) => {
    if (!r.url().includes('/graphql')) return;
    const body = r.request().postData() ?? '';
    const op = /"operationName":"(\w+)"/.exec(body)?.[1];
    console.log(Date.now() % 100000, 'resp', op, r.status(), op === 'RefreshToken' ? (await r.text().catch(() => '?')).slice(0, 150) : '');
  });
  a.page.on('request', (r) => { if (r.url().includes('/graphql')) console.log(Date.now() % 100000, 'req', /"operationName":"(\w+)"/.exec(r.postData() ?? '')?.[1]); });
  try {
    await register(a.page, 'Creator Account', 'x@y.test', 'correct-horse-battery-9');
    const dialog = a.page.getByRole('dialog', { name: 'Create Your Creator Profile' });
    await dialog.getByLabel(/^Display name/).fill('Nova');
    await dialog.getByText('Twitch', { exact: true }).click();
    await dialog.getByLabel(/^Twitch username/).fill('nova_streams');
    await dialog.getByRole('button', { name: 'Create Profile' }).click();
    await openTab(a.page, 'Availability');
    await a.page.getByRole('button', { name: 'Add Schedule' }).click();
    const d2 = a.page.getByRole('dialog', { name: 'Add Recurring Schedule' });
    await d2.getByLabel('Title').fill('W');
    await d2.getByRole('button', { name: 'Monday', exact: true }).click();
    await d2.getByRole('button', { name: 'Create Schedule' }).click();
    await d2.waitFor({ state: 'detached' });
    await openTab(a.page, 'Bookings');
    await a.page.waitForTimeout(2000);
    console.log('--- clock move');
    await clock.set(new Date('2031-06-10T10:30:00Z'));
    console.log('--- reload');
    await a.page.reload();
    await a.page.waitForTimeout(4000);
    console.log('now', a.page.url());
  } finally { await browser.close(); await server.stop(); }
}, 120000);
