import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockedResponse } from '@apollo/client/testing';
import { describe, expect, it, vi } from 'vitest';
import { ViewerZoneDocument } from '../../../gql/graphql';
import { renderPage } from '../../../test/render';
import { signedIn } from '../../../test/session';
import { Composer } from '../components/Composer';
import { ThreadView, type ThreadViewProps } from '../components/ThreadView';
import type { ThreadItem } from '../lib/thread-item';

vi.setConfig({ testTimeout: 20_000 });

const ME = 'user-brand';
const THEM = 'user-creator';
const at = (minute: number) => new Date(Date.UTC(2031, 5, 9, 8, minute)).toISOString();

function item(partial: Partial<ThreadItem> & Pick<ThreadItem, 'id'>): ThreadItem {
  return { kind: 'TEXT', text: partial.id, createdAt: at(0), senderId: ME, fromSupport: false, ...partial };
}

function renderThread(props: Partial<ThreadViewProps> = {}) {
  const onAnswerProposal = vi.fn();
  renderPage(
    <ThreadView
      items={[]}
      viewerId={ME}
      names={{ [ME]: 'Acme Games', [THEM]: 'Nova Streams' }}
      otherName="Nova Streams"
      hasEarlier={false}
      loadingEarlier={false}
      onLoadEarlier={() => undefined}
      onAnswerProposal={onAnswerProposal}
      now={new Date(at(30))}
      {...props}
    />,
  );
  return { onAnswerProposal, log: screen.getByRole('log', { name: `Conversation with ${props.otherName ?? 'Nova Streams'}` }) };
}

describe('a conversation thread', () => {
  it('shows what people wrote as text: markup is not run, links are shown but nothing is loaded', () => {
    const { log } = renderThread({
      items: [
        item({ id: 'm1', senderId: THEM, text: '<img src=x onerror="alert(1)"><b>Hi</b> & <script>alert(2)</script>welcome', createdAt: at(1) }),
        item({ id: 'm2', text: 'Our trailer: https://acme.test/trailer?x=1 (see it)', createdAt: at(2) }),
      ],
    });
    expect(within(log).getByText('<img src=x onerror="alert(1)"><b>Hi</b> & <script>alert(2)</script>welcome')).toBeInTheDocument();
    expect(log.querySelector('img')).toBeNull();
    expect(log.querySelector('b')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    const link = within(log).getByRole('link', { name: 'https://acme.test/trailer?x=1' });
    expect(link).toHaveAttribute('href', 'https://acme.test/trailer?x=1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(document.querySelectorAll('iframe, img, video')).toHaveLength(0);
  });

  it('shows files sent with a message: images as thumbnails, other files as named links with their size', () => {
    const url = (id: string) => `/api/v1/files/${id}/content?viewer=${ME}&expires=1&signature=s`;
    const { log } = renderThread({
      items: [
        item({
          id: 'm1',
          senderId: THEM,
          text: '',
          files: [
            { id: 'f1', name: 'moodboard.png', contentType: 'image/png', size: 4000, signedUrl: url('f1') },
            { id: 'f2', name: 'deck.pdf', contentType: 'application/pdf', size: 1_500_000, signedUrl: url('f2') },
          ],
        }),
      ],
    });
    const files = within(log).getByRole('group', { name: 'Files sent with this message' });
    expect(within(files).getByRole('img', { name: 'moodboard.png' })).toHaveAttribute('src', url('f1'));
    const deck = within(files).getByRole('link', { name: /deck\.pdf/ });
    expect(deck).toHaveAttribute('href', url('f2'));
    expect(deck).toHaveAttribute('target', '_blank');
    expect(deck).toHaveTextContent('1.4 MB');
  });

  it('orders entries oldest first under day labels, with booking events as lines', () => {
    const { log } = renderThread({
      items: [
        item({ id: 'e1', kind: 'EVENT', senderId: null, text: 'Booking requested', createdAt: at(3) }),
        item({ id: 'm1', senderId: THEM, text: 'Hello there', createdAt: at(4) }),
        item({ id: 'm2', text: 'Hi Nova', createdAt: at(5) }),
      ],
    });
    expect(within(log).getByText('Today')).toBeInTheDocument();
    expect(within(log).getByRole('note', { name: 'Booking event: Booking requested' })).toBeInTheDocument();
    const text = log.textContent ?? '';
    expect(text.indexOf('Booking requested')).toBeLessThan(text.indexOf('Hello there'));
    expect(text.indexOf('Hello there')).toBeLessThan(text.indexOf('Hi Nova'));
  });

  it('shows "Seen" under my newest read message and the other party typing', () => {
    renderThread({
      items: [item({ id: 'm1', createdAt: at(1) }), item({ id: 'm2', text: 'Are you free?', createdAt: at(2) })],
      seenMessageId: 'm2',
      typing: true,
    });
    expect(screen.getAllByTestId('seen-receipt')).toHaveLength(1);
    expect(screen.getByText('Seen').previousElementSibling).toHaveTextContent('Are you free?');
    expect(screen.getByRole('status')).toHaveTextContent('Nova Streams is typing…');
  });

  it('asks for earlier messages from the top of the thread', async () => {
    const onLoadEarlier = vi.fn();
    renderThread({ items: [item({ id: 'm1' })], hasEarlier: true, onLoadEarlier });
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(onLoadEarlier).toHaveBeenCalledTimes(1);
  });
});

describe('a proposed time', () => {
  const proposal = (state: 'PENDING' | 'ACCEPTED' | 'DECLINED') =>
    item({
      id: 'p1',
      kind: 'PROPOSAL',
      senderId: THEM,
      text: 'Proposed another time',
      createdAt: at(6),
      proposal: { id: 'prop-1', startTime: '2031-06-11T12:00:00.000Z', endTime: '2031-06-11T14:00:00.000Z', state },
    });

  it('lets the booker accept or decline a pending proposal', async () => {
    const { onAnswerProposal } = renderThread({ items: [proposal('PENDING')], canAnswerProposals: true });
    const card = screen.getByRole('article', { name: /^Proposed time: / });
    expect(within(card).getByText('Nova Streams proposed another time')).toBeInTheDocument();
    expect(within(card).getByText('2 hours', { exact: false })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Accept new time' }));
    expect(onAnswerProposal).toHaveBeenLastCalledWith('prop-1', 'accept');
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    expect(onAnswerProposal).toHaveBeenLastCalledWith('prop-1', 'decline');
  });

  it('shows the proposer a waiting line and nobody buttons once it is answered', () => {
    renderThread({ items: [{ ...proposal('PENDING'), senderId: ME }], canAnswerProposals: false, otherName: 'Acme Games' });
    const card = screen.getByRole('article', { name: /^Proposed time: / });
    expect(within(card).getByText('You proposed another time')).toBeInTheDocument();
    expect(within(card).getByText('Waiting for Acme Games to answer.')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('shows the outcome of an answered proposal without buttons', () => {
    renderThread({ items: [proposal('ACCEPTED')], canAnswerProposals: true });
    const card = screen.getByRole('article', { name: /^Proposed time: / });
    expect(within(card).getByLabelText('Proposal: Accepted')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
  });
});

describe('the message box', () => {
  it('counts characters against 2,000, refuses an empty or too long message, and sends the trimmed text on Enter', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(async () => true);
    renderPage(<Composer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send message' });

    expect(screen.getByTestId('message-counter')).toHaveTextContent('0 / 2,000');
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();

    fireEvent.change(box, { target: { value: 'x'.repeat(2003) } });
    expect(screen.getByTestId('message-counter')).toHaveTextContent('2,003 / 2,000');
    expect(screen.getByText('3 characters too many')).toBeInTheDocument();
    expect(send).toBeDisabled();
    await user.type(box, '{Enter}');
    expect(onSend).not.toHaveBeenCalled();

    await user.clear(box);
    await user.type(box, '  Hello Nova{Shift>}{Enter}{/Shift}Can we talk?  ');
    expect(screen.getByTestId('message-counter')).toHaveTextContent('23 / 2,000');
    await user.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('Hello Nova\nCan we talk?', []);
    expect(box).toHaveValue('');
  });

  it('attaches files (chips, removable, at most 10) and sends files without text', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(async () => true);
    renderPage(<Composer onSend={onSend} allowFiles label="Message to Nova Streams" />);
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeEnabled();
    expect(send).toBeDisabled();

    const deck = new File(['%PDF-1.4'], 'deck.pdf', { type: 'application/pdf' });
    const mood = new File([new Uint8Array(2048)], 'mood.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('composer-files'), [deck, mood]);
    const chips = screen.getByRole('list', { name: 'Files to send' });
    expect(within(chips).getAllByRole('listitem')).toHaveLength(2);
    expect(within(chips).getByText('2 KB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove mood.png' }));
    expect(within(chips).getAllByRole('listitem')).toHaveLength(1);

    // Files alone may be sent.
    expect(send).toBeEnabled();
    await user.click(send);
    expect(onSend).toHaveBeenCalledWith('', [deck]);
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();

    const many = Array.from({ length: 11 }, (_, i) => new File(['x'], `f${i}.pdf`, { type: 'application/pdf' }));
    await user.upload(screen.getByTestId('composer-files'), many);
    expect(within(screen.getByRole('list', { name: 'Files to send' })).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('alert')).toHaveTextContent('At most 10 files per message: the rest were left out');
  });

  it('keeps the draft when sending failed', async () => {
    const user = userEvent.setup();
    renderPage(<Composer onSend={async () => false} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Still here');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(box).toHaveValue('Still here');
  });
});

describe("the reader's time zone", () => {
  it("shows the thread's times and a proposal's hours in the profile's zone (as the booking card does), not the browser's", async () => {
    const zone: MockedResponse = {
      request: { query: ViewerZoneDocument },
      result: { data: { myProfile: { __typename: 'Profile', id: 'p-brand', timezone: 'Asia/Tokyo' } } },
    };
    renderPage(
      <ThreadView
        items={[
          item({ id: 'm1', senderId: THEM, text: 'Morning!', createdAt: '2031-06-09T00:05:00.000Z' }),
          item({
            id: 'p1',
            kind: 'PROPOSAL',
            senderId: THEM,
            text: 'Proposed another time',
            createdAt: '2031-06-09T00:06:00.000Z',
            proposal: { id: 'p1', startTime: '2031-06-11T01:00:00.000Z', endTime: '2031-06-11T03:00:00.000Z', state: 'PENDING' },
          }),
        ]}
        viewerId={ME}
        names={{ [ME]: 'Acme Games', [THEM]: 'Nova Streams' }}
        otherName="Nova Streams"
        hasEarlier={false}
        loadingEarlier={false}
        onLoadEarlier={() => undefined}
        now={new Date('2031-06-09T01:00:00.000Z')}
      />,
      { mocks: [signedIn(), zone] },
    );
    // 01:00-03:00 UTC is 10:00 AM-12:00 PM in Tokyo; the browser here runs in another zone.
    const card = await screen.findByRole('article', { name: /^Proposed time: .*10:00\sAM\s–\s12:00\sPM/ });
    expect(card).toHaveTextContent('times in your time zone (Asia/Tokyo)');
    expect(screen.getByText('Morning!').parentElement).toHaveTextContent(/9:05\sAM/);
  });
});
