import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateProfileDocument, UpdateProfileDocument } from '../../../gql/graphql';
import { toaster } from '../../../shared/toast';
import { renderPage } from '../../../test/render';
import { ProfileDialog } from '../components/ProfileDialog';
import { brandProfile, creatorProfile } from './profile-fixtures';

// The toast store is a module singleton showing 3 at once: start each test with none.
afterEach(() => toaster.remove());

/** Types by pasting (one input event instead of one per key: Chakra forms are slow in jsdom). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

function openDialog(props: Partial<Parameters<typeof ProfileDialog>[0]> = {}, mocks: MockedResponse[] = []) {
  const onOpenChange = vi.fn();
  renderPage(<ProfileDialog open onOpenChange={onOpenChange} accountType="CREATOR" {...props} />, { mocks });
  return { onOpenChange };
}

describe('creator profile dialog', { timeout: 30_000 }, () => {
  it('keeps Create Profile disabled until name, rate >= 1, minimum hours >= 1 and a platform with its handle are given', async () => {
    const user = userEvent.setup();
    openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Create Your Creator Profile' });
    const submit = within(dialog).getByRole('button', { name: 'Create Profile' });

    expect(within(dialog).getByLabelText(/hourly rate/i)).toHaveValue(50);
    expect(within(dialog).getByLabelText(/hourly rate/i)).toHaveAttribute('step', '0.01');
    expect(within(dialog).getByLabelText(/hourly rate/i)).toHaveAttribute('min', '1');
    expect(within(dialog).getByLabelText(/minimum hours/i)).toHaveValue(1);
    expect(within(dialog).getByLabelText(/time zone/i)).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(submit).toBeDisabled();

    await fill(user, within(dialog).getByLabelText(/display name/i), 'Nova Rivers');
    expect(submit).toBeDisabled();

    await user.click(within(dialog).getByRole('checkbox', { name: 'TikTok' }));
    const handle = within(dialog).getByLabelText(/tiktok handle/i);
    expect(submit).toBeDisabled();
    await fill(user, handle, '@nova');
    expect(submit).toBeEnabled();

    const rate = within(dialog).getByLabelText(/hourly rate/i);
    await fill(user, rate, '0.5');
    expect(submit).toBeDisabled();
    await fill(user, rate, '1');
    expect(submit).toBeEnabled();

    const hours = within(dialog).getByLabelText(/minimum hours/i);
    await fill(user, hours, '0');
    expect(submit).toBeDisabled();
    await fill(user, hours, '3');
    expect(submit).toBeEnabled();

    await user.click(within(dialog).getByRole('checkbox', { name: 'TikTok' }));
    expect(within(dialog).queryByLabelText(/tiktok handle/i)).not.toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('counts the bio live up to its 2,000-character limit instead of cutting silently', async () => {
    const user = userEvent.setup();
    openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Create Your Creator Profile' });
    const bio = within(dialog).getByLabelText('Bio');
    expect(within(dialog).getByText('0 / 2,000')).toBeInTheDocument();

    await fill(user, bio, 'I stream speedruns.');
    expect(within(dialog).getByText('19 / 2,000')).toBeInTheDocument();

    await fill(user, bio, 'x'.repeat(2100));
    expect(bio).toHaveValue('x'.repeat(2000));
    expect(within(dialog).getByText(/2,000 \/ 2,000 · limit reached/)).toBeInTheDocument();
  });

  it('creates the profile and says what is left before a first booking', async () => {
    const user = userEvent.setup();
    const created = creatorProfile({
      displayName: 'Nova',
      bio: null,
      platforms: ['TWITCH'],
      youtubeHandle: null,
      timezone: 'UTC',
    });
    const result = vi.fn(() => ({ data: { createProfile: created } }));
    const mock: MockedResponse = {
      request: {
        query: CreateProfileDocument,
        variables: {
          input: {
            displayName: 'Nova',
            bio: null,
            hourlyRateCents: 5000,
            minimumHours: 1,
            platforms: ['TWITCH'],
            twitchUsername: 'nova',
            youtubeHandle: null,
            tiktokHandle: null,
            instagramHandle: null,
            timezone: 'UTC',
          },
        },
      },
      result,
    };
    const { onOpenChange } = openDialog({}, [mock]);
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText(/display name/i), 'Nova');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Twitch' }));
    await fill(user, within(dialog).getByLabelText(/twitch username/i), 'nova');
    await user.selectOptions(within(dialog).getByLabelText(/time zone/i), 'UTC');
    await user.click(within(dialog).getByRole('button', { name: 'Create Profile' }));

    expect(await screen.findByText('Creator profile created!')).toBeInTheDocument();
    expect(screen.getByText('Next: add your hours, connect payouts and add a photo. Overview lists what is left.')).toBeInTheDocument();
    expect(result).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("shows the server's message when creating fails", async () => {
    const user = userEvent.setup();
    const mock: MockedResponse = {
      request: { query: CreateProfileDocument },
      variableMatcher: () => true,
      result: { errors: [{ message: 'You already have a profile; update it instead' } as never] },
    };
    openDialog({ accountType: 'BRAND' }, [mock]);
    const dialog = await screen.findByRole('dialog', { name: 'Create Your Brand Profile' });
    await fill(user, within(dialog).getByLabelText(/brand name/i), 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText('You already have a profile; update it instead')).toBeInTheDocument();
  });
});

describe('edit dialogs', { timeout: 30_000 }, () => {
  it('edits a brand profile: brand name and about, then "Profile updated!"', async () => {
    const user = userEvent.setup();
    const profile = brandProfile();
    const mock: MockedResponse = {
      request: {
        query: UpdateProfileDocument,
        variables: { input: { displayName: 'Acme Studios', bio: 'We make games.', timezone: profile.timezone } },
      },
      result: { data: { updateProfile: { ...profile, displayName: 'Acme Studios' } } },
    };
    openDialog({ accountType: 'BRAND', profile }, [mock]);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Brand Profile' });
    const name = within(dialog).getByLabelText(/brand name/i);
    expect(name).toHaveValue('Acme Games');
    expect(within(dialog).getByLabelText(/about/i)).toHaveValue('We make games.');
    await user.clear(name);
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await fill(user, name, 'Acme Studios');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated!')).toBeInTheDocument();
    expect(screen.getByText('Your changes have been saved')).toBeInTheDocument();
  });

  it('says "Failed to update profile" when saving fails', async () => {
    const user = userEvent.setup();
    const mock: MockedResponse = {
      request: { query: UpdateProfileDocument },
      variableMatcher: () => true,
      error: new Error('Network down'),
    };
    openDialog({ profile: creatorProfile() }, [mock]);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Creator Profile' });
    expect(within(dialog).getByLabelText(/twitch username/i)).toHaveValue('novarivers');
    expect(within(dialog).getByLabelText(/hourly rate/i)).toHaveValue(85);
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });
});
