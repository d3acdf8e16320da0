import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CalendarFeedSettingsDocument,
  ChangePasswordDocument,
  LogoutDocument,
  NotificationSettingsDocument,
  RegenerateCalendarFeedDocument,
  SetCalendarFeedFreeHoursDocument,
  UpdateEmailPreferenceDocument,
  type CalendarFeedSettingsQuery,
  type NotificationSettingsQuery,
} from '../../../gql/graphql';
import { toaster } from '../../../shared/toast';
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

/** The lazily loaded estimator and the toasts can take a while on a loaded machine. */
const WAIT = { timeout: 10_000 };

describe('Settings page', () => {
  // The toaster is one store for the whole file and shows 3 at most: each test starts with none.
  afterEach(() => toaster.remove());

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

    const reminders = await screen.findByRole('checkbox', { name: /e-mail me about reminders/i }, WAIT);
    expect(reminders).toBeChecked();
    await user.click(reminders);

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1), WAIT);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /e-mail me about reminders/i })).not.toBeChecked(), WAIT);
    expect(await screen.findByText('Reminders e-mails off', undefined, WAIT)).toBeInTheDocument();
  });

  it('when the server refuses a switch, it stays as it was and the failure is shown', async () => {
    const user = userEvent.setup();
    renderSettings([
      {
        request: { query: UpdateEmailPreferenceDocument, variables: { input: { kinds: [{ kind: 'reminders', emailEnabled: false }] } } },
        result: { errors: [new GraphQLError('Something went wrong', { extensions: { code: 'BAD_USER_INPUT' } })] },
      },
    ]);

    const reminders = await screen.findByRole('checkbox', { name: /e-mail me about reminders/i }, WAIT);
    await user.click(reminders);
    expect(await screen.findByText('Could not save the e-mail setting', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /e-mail me about reminders/i })).toBeChecked();
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

    const payments = await screen.findByRole('checkbox', { name: /e-mail me about payments and cancellations/i }, WAIT);
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

    expect(await screen.findByTestId('calendar-feed-url', undefined, WAIT)).toHaveTextContent(OLD_URL);
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new calendar URL?' }, WAIT);
    expect(within(dialog).getByText(/stops working at once/i)).toBeInTheDocument();
    expect(regenerate).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Regenerate URL' }));
    await waitFor(() => expect(screen.getByTestId('calendar-feed-url')).toHaveTextContent(NEW_URL), WAIT);
    expect(regenerate).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(OLD_URL)).not.toBeInTheDocument();
  });

  it('a creator includes their free hours in the feed', async () => {
    const user = userEvent.setup();
    const creatorFeed = { ...feed(OLD_URL), canIncludeFreeHours: true };
    const setFreeHours = vi.fn(() => ({ data: { setCalendarFeedFreeHours: { ...creatorFeed, includeFreeHours: true } } }));
    renderApp('/settings#calendar', {
      mocks: [
        signedIn({ accountType: 'CREATOR' }),
        prefsMock,
        { request: { query: CalendarFeedSettingsDocument }, result: { data: { calendarFeed: creatorFeed } } },
        { request: { query: SetCalendarFeedFreeHoursDocument, variables: { include: true } }, result: setFreeHours },
      ],
    });

    const freeHours = await screen.findByRole('checkbox', { name: /include my free hours/i }, WAIT);
    expect(freeHours).not.toBeChecked();
    await user.click(freeHours);
    await waitFor(() => expect(setFreeHours).toHaveBeenCalledTimes(1), WAIT);
    expect(await screen.findByText('Free hours now appear in your calendar feed', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /include my free hours/i })).toBeChecked();
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
    const meter = await screen.findByTestId('password-strength', undefined, WAIT);
    await waitFor(() => expect(meter).toHaveTextContent('Strength: Very weak'), WAIT);
    expect(meter).toHaveTextContent(/commonly used password/i);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/choose a stronger password/i, undefined, WAIT)).toBeInTheDocument();
    expect(change).not.toHaveBeenCalled();

    await user.clear(newPassword);
    await user.type(newPassword, 'plum-kettle-orbit-42');
    await waitFor(() => expect(screen.getByTestId('password-strength')).toHaveTextContent('Strength: Very strong'), WAIT);
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed', undefined, WAIT)).toBeInTheDocument();
    expect(change).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-2');
  });

  it('a wrong current password is shown under that field, and the session is kept', async () => {
    const user = userEvent.setup();
    renderSettings([
      {
        request: { query: ChangePasswordDocument, variables: { input: { currentPassword: 'not-my-password', newPassword: 'plum-kettle-orbit-42' } } },
        result: { errors: [new GraphQLError('Current password is incorrect', { extensions: { code: 'BAD_USER_INPUT', field: 'currentPassword' } })] },
      },
    ]);

    await user.type(await screen.findByLabelText(/current password/i), 'not-my-password');
    await user.type(screen.getByLabelText(/^new password/i), 'plum-kettle-orbit-42');
    await waitFor(() => expect(screen.getByTestId('password-strength')).toHaveTextContent('Strength: Very strong'), WAIT);
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Current password is incorrect', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByLabelText(/current password/i)).toHaveAttribute('aria-invalid', 'true');
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('test-access-token');
  });

  it('Log out everywhere revokes every session (no refresh token) and lands on sign-in', async () => {
    const user = userEvent.setup();
    const logout = vi.fn(() => ({ data: { logout: true } }));
    renderSettings([{ request: { query: LogoutDocument, variables: { refreshToken: null } }, result: logout }]);

    await user.click(await screen.findByRole('button', { name: 'Log out everywhere' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Log out on every device?' }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Log out everywhere' }));

    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1), WAIT);
    expect(await screen.findByRole('tab', { name: 'Sign In' }, WAIT)).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('signed out, /settings#notifications (the e-mail footer link) asks to sign in first', async () => {
    renderApp('/settings#notifications');
    expect(await screen.findByRole('tab', { name: 'Sign In' }, WAIT)).toBeInTheDocument();
  });
});
