import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CreateRecurringScheduleDocument,
  GenerateRecurringSlotsDocument,
  RecurringSchedulesDocument,
  UpcomingFreeSlotsDocument,
} from '../../../gql/graphql';
import { toaster } from '../../../shared/toast';
import { renderPage } from '../../../test/render';
import { RecurringScheduleManager } from '../components/RecurringScheduleManager';
import { UpcomingSlots } from '../components/UpcomingSlots';
import { slot, CREATOR_ID } from './fixtures';

const PATTERN = {
  __typename: 'RecurringPattern',
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  creatorId: CREATOR_ID,
  title: 'Weekday streams',
  daysOfWeek: [1, 3],
  startTime: '09:00',
  endTime: '17:00',
};

const patternsMock = (patterns: object[]): MockedResponse => ({
  request: { query: RecurringSchedulesDocument, variables: { creatorId: CREATOR_ID } },
  result: { data: { recurringPatterns: patterns } },
});

// Tomorrow (Sep 18) through 14 days later, in UTC.
const upcomingMock = (slots: ReturnType<typeof slot>[]): MockedResponse => ({
  request: {
    query: UpcomingFreeSlotsDocument,
    variables: { creatorId: CREATOR_ID, from: '2025-09-18T00:00:00.000Z', to: '2025-10-02T00:00:00.000Z' },
  },
  result: { data: { availabilitySlots: slots } },
});

// Dialogs and user-event typing are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => toaster.remove());

describe('Recurring schedule manager', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-09-17T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('lists weekly patterns with their days and times', async () => {
    renderPage(<RecurringScheduleManager creatorId={CREATOR_ID} zone="UTC" />, {
      mocks: [patternsMock([PATTERN]), upcomingMock([])],
    });
    const list = await screen.findByRole('list', { name: 'Recurring schedules' });
    expect(list).toHaveTextContent('Weekday streams');
    expect(list).toHaveTextContent('Mon, Wed · 09:00 – 17:00');
    expect(within(list).getByRole('button', { name: 'Delete schedule Weekday streams' })).toBeInTheDocument();
  });

  it('Add Schedule starts at 09:00-17:00 and checks title, days and times', async () => {
    const user = userEvent.setup();
    renderPage(<RecurringScheduleManager creatorId={CREATOR_ID} zone="UTC" />, {
      mocks: [patternsMock([]), upcomingMock([])],
    });
    await user.click(screen.getByRole('button', { name: 'Add Schedule' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Start time')).toHaveValue('09:00');
    expect(within(dialog).getByLabelText('End time')).toHaveValue('17:00');
    const days = within(dialog).getByRole('group', { name: 'Days' });
    // Sunday first; short labels on screen, whole day names for assistive technology.
    expect(
      within(days)
        .getAllByRole('button')
        .map((b) => b.querySelector('[aria-hidden]')?.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      expect(within(days).getByRole('button', { name: day })).toBeInTheDocument();
    }

    await user.click(within(dialog).getByRole('button', { name: 'Create Schedule' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in title and select at least one day');

    await user.type(within(dialog).getByLabelText('Title'), 'Evenings');
    await user.click(within(dialog).getByRole('button', { name: 'Create Schedule' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in title and select at least one day');

    await user.click(within(days).getByRole('button', { name: 'Monday' }));
    expect(within(days).getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(within(dialog).getByLabelText('End time'), { target: { value: '08:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create Schedule' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('End time must be after start time');
  });

  it('creates a schedule, generates its slots and lists them', async () => {
    const user = userEvent.setup();
    const created = { ...PATTERN, title: 'Evenings', daysOfWeek: [4], startTime: '18:00', endTime: '20:00' };
    const generated = [slot('2025-09-18T18:00:00Z'), slot('2025-09-18T19:00:00Z')];
    const generate = vi.fn(() => ({ data: { generateSlots: generated } }));
    renderPage(<RecurringScheduleManager creatorId={CREATOR_ID} zone="UTC" />, {
      mocks: [
        patternsMock([]),
        upcomingMock([]),
        {
          request: {
            query: CreateRecurringScheduleDocument,
            variables: { input: { title: 'Evenings', daysOfWeek: [4], startTime: '18:00', endTime: '20:00' } },
          },
          result: { data: { createRecurringPattern: created } },
        },
        { request: { query: GenerateRecurringSlotsDocument, variables: {} }, result: generate },
        upcomingMock(generated),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Add Schedule' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'Evenings');
    await user.click(within(dialog).getByRole('button', { name: 'Thursday' }));
    fireEvent.change(within(dialog).getByLabelText('Start time'), { target: { value: '18:00' } });
    fireEvent.change(within(dialog).getByLabelText('End time'), { target: { value: '20:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create Schedule' }));

    expect(await screen.findByText('Recurring schedule created successfully')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Recurring schedules' })).toHaveTextContent('Evenings');
    const upcoming = await screen.findByRole('group', { name: 'Upcoming available slots' });
    expect(within(upcoming).getAllByTestId('upcoming-slot')).toHaveLength(2);
    expect(generate).toHaveBeenCalledTimes(1);
  });
});

describe('Upcoming available slots', () => {
  it('shows the first 20, then "+N more"', () => {
    const slots = Array.from({ length: 23 }, (_, i) => slot(new Date(Date.UTC(2025, 8, 18, i % 24)).toISOString()));
    renderPage(<UpcomingSlots slots={slots} zone="UTC" />);
    expect(screen.getAllByTestId('upcoming-slot')).toHaveLength(20);
    expect(screen.getByText('+3 more')).toBeInTheDocument();
  });

  it('shows no "+N more" at 20 or fewer', () => {
    const slots = Array.from({ length: 20 }, (_, i) => slot(new Date(Date.UTC(2025, 8, 18, i)).toISOString()));
    renderPage(<UpcomingSlots slots={slots} zone="UTC" />);
    expect(screen.getAllByTestId('upcoming-slot')).toHaveLength(20);
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });
});
