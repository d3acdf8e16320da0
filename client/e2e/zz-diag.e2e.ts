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
  try {
    await register(a.page, 'Creator Account', 'x@y.test', 'correct-horse-battery-9');
    const dialog = a.page.getByRole('dialog', { name: 'Create Your Creator Profile' });
    await dialog.getByLabel(/^Display name/).fill('Nova');
    await dialog.getByText('Twitch', { exact: true }).click();
    await dialog.getByLabel(/^Twitch username/).fill('nova_streams');
    await dialog.getByRole('button', { name: 'Create Profile' }).click();
    await openTab(a.page, 'Availability');
    const [p] = await Promise.all([a.context.waitForEvent('page'), a.page.getByRole('button', { name: 'Connect', exact: true }).click()]);
    p.on('framenavigated', (f) => console.log('nav', f.url()));
    p.on('console', (m) => console.log('popup console', m.text()));
    await p.waitForURL(/onboarding/);
    console.log('at', p.url());
    await p.getByRole('button', { name: 'Complete setup' }).click();
    await p.waitForTimeout(5000);
    console.log('now', p.url(), await p.title());
    await p.screenshot({ path: '/tmp/diag/popup.png' });
  } finally { await browser.close(); await server.stop(); }
}, 120000);
