import type { Locator, Page } from 'playwright-core';
import { creatorCard, openTab, seeText } from './ui';

/**
 * Steps several journeys take the same way (set up a creator and a brand, find the creator).
 * `inspect` looks at a dialog before it is submitted (e.g. an accessibility check).
 */

export interface CreatorSetup {
  name: string;
  bio: string;
  hourlyRate: string;
  twitch: string;
  youtube?: string;
}

/** The dashboard's "Create Your Creator Profile" dialog (it opens by itself after registering): fill and create. */
export async function createCreatorProfile(page: Page, c: CreatorSetup, inspect?: (dialog: Locator) => Promise<void>): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Create Your Creator Profile' });
  await dialog.waitFor();
  await dialog.getByLabel(/^Display name/).fill(c.name);
  await dialog.getByLabel('Bio').fill(c.bio);
  await dialog.getByLabel(/^Hourly rate/).fill(c.hourlyRate);
  await dialog.getByText('Twitch', { exact: true }).click();
  if (c.youtube) await dialog.getByText('YouTube', { exact: true }).click();
  await dialog.getByLabel(/^Twitch username/).fill(c.twitch);
  if (c.youtube) await dialog.getByLabel(/^YouTube handle/).fill(c.youtube);
  await inspect?.(dialog);
  await dialog.getByRole('button', { name: 'Create Profile' }).click();
  await seeText(page, 'Creator profile created!');
  await dialog.waitFor({ state: 'detached' });
}

/** On the Availability tab: a recurring schedule Monday to Friday (the default hours, 09:00-17:00). */
export async function addWeekdaySchedule(page: Page, title: string, inspect?: (dialog: Locator) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: 'Add Schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Recurring Schedule' });
  await dialog.getByLabel('Title').fill(title);
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await dialog.getByRole('button', { name: day, exact: true }).click();
  }
  await inspect?.(dialog);
  await dialog.getByRole('button', { name: 'Create Schedule' }).click();
  await seeText(page, 'Recurring schedule created successfully');
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('list', { name: 'Recurring schedules' }).getByText(title).waitFor();
}

/** The dashboard's "Create Your Brand Profile" dialog (it opens by itself after registering): fill and create. */
export async function createBrandProfile(page: Page, b: { name: string; about?: string }): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Create Your Brand Profile' });
  await dialog.waitFor();
  await dialog.getByLabel(/^Brand name/).fill(b.name);
  if (b.about) await dialog.getByLabel('About').fill(b.about);
  await dialog.getByRole('button', { name: 'Create Profile' }).click();
  await seeText(page, 'Brand profile created!');
}

/** From the dashboard: Discover → the creator's card → View Availability; lands on the creator page. */
export async function openCreatorPage(page: Page, creatorName: string): Promise<void> {
  await openTab(page, 'Discover');
  await creatorCard(page, creatorName).getByRole('link', { name: 'View Availability' }).click();
  await page.waitForURL(/\/streamer\//);
}
