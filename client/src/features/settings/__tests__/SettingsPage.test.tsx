import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  CalendarFeedSettingsDocument,
  ChangePasswordDocument,
  LogoutDocument,
  NotificationSettingsDocument,
  RegenerateCalendarFeedDocument,
  UpdateEmailPreferenceDocument,
  type CalendarFeedSettingsQuery,
  type NotificationSettingsQuery,
} from '../../../gql/graphql';
import { STORAGE_KEYS } from '../../auth/lib/token-storage';
import { renderApp } from '../../../test/render';
import { signedIn, TEST_USER } from '../../../test/session';

type Kind = NotificationSettingsQuery['notificationPreferences']['kinds'][number] & { __typename: 'EmailPreference' };

function kind(key: string, label: string, emailEnabled: boolean, required = false): Kind {
  return { __typename: 'EmailPreference', key, label, description: `${label} description`, emailEnabled, required };
}

const KINDS = [kind('requests', 'Booking requests', true), kind('reminders', 'Reminders', true), kind('payments', 'Payments and cancellations', true, true)];

const prefsMock: MockedResponse = {
  request: { query: NotificationSettingsDocument },
  result: { data: { notificationPreferences: { __typename: 'NotificationPreferences', kinds: KINDS } } },
};

function feed(url: string): CalendarFeedSettingsQuery['calendarFeed'] & { __typename: 'CalendarFeed' } {
  return { __typename: 'CalendarFeed', url, includeFreeHours: false, canIncludeFreeHours: false };
}
const OLD_URL = 'http://localhost:4000/api/v1/calendar/old-secret.ics';
const NEW_URL = 'http://localhost:4000/api/v1/calendar/new-secret.ics';
const feedMock: MockedResponse = {
  request: { query: CalendarFeedSettingsDocument },
  result: { data: { calendarFeed: feed(OLD_URL) } },
};

function renderSettings(mocks: MockedResponse[], path = '/settings') {
  return renderApp(path, { mocks: [signedIn(), prefsMock, feedMock, ...mocks] });
}

describe('Settings page', () => {
  it('turning an e-mail kind off sends that kind to the server and shows it off', async () => {
    const user = userEvent.setup();
    const update = vi.fn(() => ({
      data: {
        updateNotificationPreferences: {
          __typename: 'NotificationPreferences',
          kinds: KINDS.map((k) => (k.key === 'reminders' ? { ...k, emailEnabled: false } : k)),
        },
      },
    }));
    renderSettings([
      {
        request: { query: UpdateEmailPreferenceDocument, variables: { input: { kinds: [{ kind: 'reminders', emailEnabled: false }] } } },
        result: update,
      },
    ]);

    const reminders = await screen.findByRole('checkbox', { name: /e-mail me about reminders/i });
    expect(reminders).toBeChecked();
    await user.click(reminders);

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /e-mail me about reminders/i })).not.toBeChecked());
    expect(await screen.findByText('Reminders e-mails off')).toBeInTheDocument();
  });

  it('payment e-mails are locked on, say why, and clicking them sends nothing', async () => {
    const user = userEvent.setup();
    const update = vi.fn(() => ({ data: undefined }));
    renderSettings([
      {
        request: { query: UpdateEmailPreferenceDocument, variables: { input: { kinds: [{ kind: 'payments', emailEnabled: false }] } } },
        result: update,
      },
    ]);

    const payments = await screen.findByRole('checkbox', { name: /e-mail me about payments and cancellations/i });
    expect(payments).toBeChecked();
    expect(payments).toBeDisabled();
    const row = screen.getByTestId('preference-payments');
    expect(within(row).getByText('Always on')).toBeInTheDocument();
    expect(within(row).getByText(/cannot be turned off/i)).toBeInTheDocument();

    await user.click(payments);
    expect(payments).toBeChecked();
    expect(update).not.toHaveBeenCalled();
    // The switches that may be turned off are not locked.
    expect(screen.getByRole('checkbox', { name: /e-mail me about booking requests/i })).toBeEnabled();
  });

  it('Regenerate asks first, then shows the new feed URL in place of the old one', async () => {
    const user = userEvent.setup();
    const regenerate = vi.fn(() => ({ data: { regenerateCalendarFeed: feed(NEW_URL) } }));
    renderSettings([{ request: { query: RegenerateCalendarFeedDocument }, result: regenerate }], '/settings#calendar');

    expect(await screen.findByTestId('calendar-feed-url')).toHaveTextContent(OLD_URL);
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new calendar URL?' });
    expect(within(dialog).getByText(/stops working at once/i)).toBeInTheDocument();
    expect(regenerate).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Regenerate URL' }));
    await waitFor(() => expect(screen.getByTestId('calendar-feed-url')).toHaveTextContent(NEW_URL));
    expect(regenerate).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(OLD_URL)).not.toBeInTheDocument();
  });

  it('a weak new password is refused before it is sent; a strong one changes it and keeps the session', async () => {
    const user = userEvent.setup();
    const change = vi.fn(() => ({
      data: {
        changePassword: {
          __typename: 'AuthPayload',
          user: TEST_USER,
          tokens: { __typename: 'AuthTokens', accessToken: 'access-2', refreshToken: 'refresh-2', accessTokenExpiresAt: '2030-01-01T00:00:00.000Z' },
        },
      },
    }));
    renderSettings([
      {
        request: { query: ChangePasswordDocument, variables: { input: { currentPassword: 'old-secret-pass', newPassword: 'plum-kettle-orbit-42' } } },
        result: change,
      },
    ]);

    await user.type(await screen.findByLabelText(/current password/i), 'old-secret-pass');
    const newPassword = screen.getByLabelText(/^new password/i);
    await user.type(newPassword, 'password123');
    const meter = await screen.findByTestId('password-strength');
    await waitFor(() => expect(meter).toHaveTextContent('Strength: Very weak'));
    expect(meter).toHaveTextContent(/commonly used password/i);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/choose a stronger password/i)).toBeInTheDocument();
    expect(change).not.toHaveBeenCalled();

    await user.clear(newPassword);
    await user.type(newPassword, 'plum-kettle-orbit-42');
    await waitFor(() => expect(screen.getByTestId('password-strength')).toHaveTextContent('Strength: Very strong'));
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(change).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-2');
  });

  it('Log out everywhere revokes every session (no refresh token) and lands on sign-in', async () => {
    const user = userEvent.setup();
    const logout = vi.fn(() => ({ data: { logout: true } }));
    renderSettings([{ request: { query: LogoutDocument, variables: { refreshToken: null } }, result: logout }]);

    await user.click(await screen.findByRole('button', { name: 'Log out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out on every device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out everywhere' }));

    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('signed out, /settings#notifications (the e-mail footer link) asks to sign in first', async () => {
    renderApp('/settings#notifications');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
  });
});
