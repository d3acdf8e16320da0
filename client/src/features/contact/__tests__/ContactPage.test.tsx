import type { MockedResponse } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ContactSenderDocument, SendContactMessageDocument } from '../../../gql/graphql';
import { renderPage } from '../../../test/render';
import { signedIn } from '../../../test/session';
import { ContactPage } from '../pages/ContactPage';

// user-event typing is slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const INPUT = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Partnership',
  category: 'partnership',
  message: 'We would like to sponsor a co-stream.',
};

const sendMock = (input: object, result: MockedResponse['result']): MockedResponse => ({
  request: { query: SendContactMessageDocument, variables: { input } },
  result,
});

async function fillForm(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof INPUT> = INPUT) {
  if (values.name) await user.type(screen.getByLabelText(/^name/i), values.name);
  if (values.email) await user.type(screen.getByLabelText(/^email/i), values.email);
  if (values.subject) await user.type(screen.getByLabelText(/^subject/i), values.subject);
  if (values.category) await user.selectOptions(screen.getByLabelText(/^category/i), values.category);
  if (values.message) await user.type(screen.getByLabelText(/^message/i), values.message);
}

describe('Contact page', () => {
  it('names each required field left empty and sends nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    renderPage(<ContactPage />, { path: '/contact', mocks: [sendMock({}, send)] });

    await user.type(screen.getByLabelText(/^name/i), 'Ada');
    await user.click(screen.getByRole('button', { name: /send message/i }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the message to support and shows the ticket reference and where the copy went', async () => {
    const user = userEvent.setup();
    const send = vi.fn(() => ({
      data: { sendContactMessage: { __typename: 'ContactReceipt', reference: 'T-1A2B3C4D', email: 'ada@example.com' } },
    }));
    renderPage(<ContactPage />, { path: '/contact', mocks: [sendMock(INPUT, send)] });

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /send message/i }));

    expect(await screen.findByRole('heading', { name: 'Support has your message' })).toBeInTheDocument();
    expect(screen.getByTestId('ticket-reference')).toHaveTextContent('T-1A2B3C4D');
    expect(screen.getByRole('status')).toHaveTextContent('A copy was sent to ada@example.com');
    expect(screen.queryByText('Message Sent!')).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText(/^name/i)).toHaveValue('');
    expect(screen.getByLabelText(/^message/i, { selector: 'textarea' })).toHaveValue('');
  });

  it("puts the server's refusal under the field it names and keeps what was typed", async () => {
    const user = userEvent.setup();
    const input = { ...INPUT, email: 'ada@example', subject: null, category: 'general' };
    renderPage(<ContactPage />, {
      path: '/contact',
      mocks: [
        sendMock(input, {
          errors: [new GraphQLError('Email must be a valid email address', { extensions: { code: 'BAD_USER_INPUT', field: 'email' } })],
        }),
      ],
    });

    await fillForm(user, { name: INPUT.name, email: 'ada@example', message: INPUT.message });
    await user.click(screen.getByRole('button', { name: /send message/i }));

    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^message/i, { selector: 'textarea' })).toHaveValue(INPUT.message);
    expect(screen.queryByRole('heading', { name: 'Support has your message' })).not.toBeInTheDocument();
  });

  it('starts with the name and e-mail of a signed-in sender', async () => {
    renderPage(<ContactPage />, {
      path: '/contact',
      mocks: [
        signedIn({ email: 'team@acme.test' }),
        {
          request: { query: ContactSenderDocument },
          result: { data: { myProfile: { __typename: 'Profile', id: 'p1', displayName: 'Acme Games' } } },
        },
      ],
    });

    await waitFor(() => expect(screen.getByLabelText(/^name/i)).toHaveValue('Acme Games'));
    expect(screen.getByLabelText(/^email/i)).toHaveValue('team@acme.test');
  });
});
