import { Button } from '@chakra-ui/react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { ActionDialog } from '../components/ActionDialog';

function RevokeKey({ onConfirm }: { onConfirm: () => unknown }) {
  return (
    <ActionDialog
      trigger={<Button>Revoke key</Button>}
      title="Revoke this key?"
      confirmLabel="Revoke"
      onConfirm={onConfirm}
    >
      Apps using it stop working at once.
    </ActionDialog>
  );
}

describe('a confirm dialog (its code loaded on first opening)', () => {
  it('opens from its button, confirms, closes, and gives focus back to the button', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(() => true);
    renderPage(<RevokeKey onConfirm={onConfirm} />);

    const trigger = screen.getByRole('button', { name: 'Revoke key' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    expect(dialog).toHaveTextContent('Apps using it stop working at once.');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());

    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
