import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderPage } from '../../../test/render';
import { useUpdateSearchParams } from '../useUpdateSearchParams';

/** Two parts of a page, each writing its own parameter of the URL (as the dashboard's tab and the Bookings tab's group do). */
function Writer({ name, value, onWriter }: { name: string; value: string; onWriter: (write: () => void) => void }) {
  const update = useUpdateSearchParams();
  onWriter(() => update((params) => params.set(name, value)));
  return null;
}

describe('writing the URL query from two places at once', () => {
  it('keeps both writes made in one click, and the parameters already there', async () => {
    const writes: Record<string, () => void> = {};
    function Page() {
      return (
        <>
          <Writer name="tab" value="bookings" onWriter={(w) => (writes.tab = w)} />
          <Writer name="group" value="past" onWriter={(w) => (writes.group = w)} />
          <button type="button" onClick={() => (writes.tab(), writes.group())}>
            Open past bookings
          </button>
          <LocationProbe />
        </>
      );
    }
    renderPage(<Page />, { path: '/dashboard?ref=mail', route: '/dashboard' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open past bookings' }));
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('?ref=mail&tab=bookings&group=past'));
  });
});
