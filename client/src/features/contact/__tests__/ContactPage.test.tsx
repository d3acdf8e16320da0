import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { ContactPage } from '../pages/ContactPage';

describe('Contact page', () => {
  it('refuses to send without the required fields', async () => {
    const user = userEvent.setup();
    renderPage(<ContactPage />, { path: '/contact' });

    await user.type(screen.getByLabelText(/^name/i), 'Ada');
    await user.click(screen.getByRole('button', { name: /send message/i }));

    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Message Sent!' })).not.toBeInTheDocument();
  });

  it('sends a full message, then Send Another Message starts over', async () => {
    const user = userEvent.setup();
    renderPage(<ContactPage />, { path: '/contact' });

    await user.type(screen.getByLabelText(/^name/i), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/^email/i), 'ada@example.com');
    await user.type(screen.getByLabelText(/^subject/i), 'Partnership');
    await user.selectOptions(screen.getByLabelText(/^category/i), 'partnership');
    await user.type(screen.getByLabelText(/^message/i), 'We would like to sponsor a co-stream.');
    await user.click(screen.getByRole('button', { name: /send message/i }));

    expect(await screen.findByRole('heading', { name: 'Message Sent!' })).toBeInTheDocument();
    expect(screen.getAllByText("We'll get back to you within 24 hours").length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect(screen.getByLabelText(/^name/i)).toHaveValue('');
    expect(screen.getByLabelText(/^message/i, { selector: 'textarea' })).toHaveValue('');
  });
});
