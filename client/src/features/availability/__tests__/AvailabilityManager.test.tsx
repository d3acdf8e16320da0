import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AvailabilityWeekDocument } from '../../../gql/graphql';
import { toaster } from '../../../shared/toast';
import { renderPage } from '../../../test/render';
import { AvailabilityManager } from '../components/AvailabilityManager';
import { slot, CREATOR_ID } from './fixtures';

function weekMock(from: string, to: string, slots: ReturnType<typeof slot>[]): MockedResponse {
  return {
    request: { query: AvailabilityWeekDocument, variables: { creatorId: CREATOR_ID, from, to } },
    result: { data: { availabilitySlots: slots } },
  };
}

// Dialogs and user-event typing are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => toaster.remove());

describe('Availability manager week view', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-09-17T12:00:00Z')); // a Wednesday
  });
  afterEach(() => vi.useRealTimers());

  const thisWeek = weekMock('2025-09-14T00:00:00.000Z', '2025-09-21T00:00:00.000Z', [
    slot('2025-09-17T09:00:00Z', true),
    slot('2025-09-17T15:00:00Z'),
    slot('2025-09-17T16:00:00Z'),
    slot('2025-09-19T10:00:00Z'),
  ]);

  it('shows 7 days starting on Sunday, each with its slot count; past days are disabled', async () => {
    renderPage(<AvailabilityManager creatorId={CREATOR_ID} zone="UTC" />, { mocks: [thisWeek] });
    const week = screen.getByRole('group', { name: 'Week' });
    await within(week).findByRole('button', { name: /Wednesday, September 17 \(today\): 3 slots/ });
    const days = within(week).getAllByRole('button');
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveAccessibleName(/^Sunday, September 14: 0 slots$/);
    expect(days[5]).toHaveAccessibleName(/^Friday, September 19: 1 slot$/);
    expect(days[6]).toHaveAccessibleName(/^Saturday, September 20/);
    expect(days[1]).toBeDisabled(); // Monday has passed
    expect(days[3]).toBeEnabled();
  });

  it('lists the picked day with Booked/Available badges; only free future slots can be deleted', async () => {
    const user = userEvent.setup();
    renderPage(<AvailabilityManager creatorId={CREATOR_ID} zone="UTC" />, { mocks: [thisWeek] });
    await user.click(await screen.findByRole('button', { name: /Wednesday, September 17 \(today\): 3 slots/ }));
    const list = screen.getByRole('list', { name: 'Slots of the selected day' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Booked');
    expect(within(rows[0]).queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Available');
    expect(within(rows[1]).getByRole('button', { name: /delete slot/i })).toBeInTheDocument();
  });

  it('moves between weeks and back to today', async () => {
    const user = userEvent.setup();
    const nextWeek = weekMock('2025-09-21T00:00:00.000Z', '2025-09-28T00:00:00.000Z', [slot('2025-09-23T10:00:00Z')]);
    renderPage(<AvailabilityManager creatorId={CREATOR_ID} zone="UTC" />, { mocks: [thisWeek, nextWeek, thisWeek] });
    await screen.findByRole('button', { name: /September 17 \(today\): 3 slots/ });
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('button', { name: /^Tuesday, September 23: 1 slot$/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /September 2[1-7]/ })[0]).toHaveAccessibleName(
      /^Sunday, September 21/,
    );
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('button', { name: /September 17 \(today\): 3 slots/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
