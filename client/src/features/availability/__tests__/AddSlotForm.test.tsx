import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddAvailabilitySlotDocument } from '../../../gql/graphql';
import { toaster } from '../../../shared/toast';
import { renderPage } from '../../../test/render';
import { AddSlotForm } from '../components/AddSlotForm';
import { slot } from './fixtures';

function setTimes(start: string, end: string) {
  fireEvent.change(screen.getByLabelText('Start time'), { target: { value: start } });
  fireEvent.change(screen.getByLabelText('End time'), { target: { value: end } });
}

// Dialogs and user-event typing are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => toaster.remove());

describe('Add Slot form', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-09-17T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('asks for a date first', async () => {
    const user = userEvent.setup();
    renderPage(<AddSlotForm day={null} zone="UTC" />);
    await user.click(screen.getByRole('button', { name: 'Add Slot' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a date first');
  });

  it('shows each validation message of spec §5', async () => {
    const user = userEvent.setup();
    renderPage(<AddSlotForm day="2025-09-17" zone="UTC" />);
    const submit = screen.getByRole('button', { name: 'Add Slot' });

    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in both start and end times');

    setTimes('15:00', '14:00');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('End time must be after start time');

    setTimes('09:00', '10:00');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot create slots in the past');
  });

  it('adds the range and says so', async () => {
    const user = userEvent.setup();
    const mock: MockedResponse = {
      request: {
        query: AddAvailabilitySlotDocument,
        variables: { input: { date: '2025-09-18', startTime: '10:00', endTime: '12:00' } },
      },
      result: { data: { addAvailability: [slot('2025-09-18T10:00:00Z'), slot('2025-09-18T11:00:00Z')] } },
    };
    renderPage(<AddSlotForm day="2025-09-18" zone="UTC" />, { mocks: [mock] });
    setTimes('10:00', '12:00');
    await user.click(screen.getByRole('button', { name: 'Add Slot' }));
    expect(await screen.findByText('Availability slot added successfully')).toBeInTheDocument();
    expect(screen.getByLabelText('Start time')).toHaveValue('');
  });

  it('shows the server message when adding fails (e.g. an overlap)', async () => {
    const user = userEvent.setup();
    const mock: MockedResponse = {
      request: {
        query: AddAvailabilitySlotDocument,
        variables: { input: { date: '2025-09-18', startTime: '10:00', endTime: '11:00' } },
      },
      result: { errors: [new GraphQLError('These times overlap an existing availability slot')] },
    };
    renderPage(<AddSlotForm day="2025-09-18" zone="UTC" />, { mocks: [mock] });
    setTimes('10:00', '11:00');
    await user.click(screen.getByRole('button', { name: 'Add Slot' }));
    expect(await screen.findByText('Failed to add availability slot')).toBeInTheDocument();
    expect(screen.getByText('These times overlap an existing availability slot')).toBeInTheDocument();
  });
});
