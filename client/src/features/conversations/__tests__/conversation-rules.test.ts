import { describe, expect, it } from 'vitest';
import { counterLabel, draftProblem, MESSAGE_MAX_LENGTH } from '../lib/composer';
import { messageSegments } from '../lib/message-text';
import { proposalOptions } from '../lib/proposal-times';
import { dayLabel, groupByDay, mergeMessages, seenMessageId } from '../lib/thread';

describe('message text', () => {
  it('keeps markup as plain text and turns web addresses into links', () => {
    expect(messageSegments('<b>hi</b> see https://acme.test/launch. or www.acme.test!')).toEqual([
      { kind: 'text', text: '<b>hi</b> see ' },
      { kind: 'link', text: 'https://acme.test/launch', href: 'https://acme.test/launch' },
      { kind: 'text', text: '. or ' },
      { kind: 'link', text: 'www.acme.test', href: 'https://www.acme.test' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('never links a script address', () => {
    expect(messageSegments('javascript:alert(1) data:text/html,x')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,x' },
    ]);
  });
});

describe('composer rules', () => {
  it('refuses an empty (after trimming) or too long draft, and counts the trimmed text', () => {
    expect(draftProblem('   \n ')).toBe('Write a message first');
    expect(draftProblem('   \n ', 1)).toBeNull();
    expect(draftProblem('x'.repeat(MESSAGE_MAX_LENGTH))).toBeNull();
    expect(draftProblem(` ${'x'.repeat(MESSAGE_MAX_LENGTH + 2)} `)).toBe('2 characters too many');
    expect(counterLabel('  hello  ')).toBe('5 / 2,000');
  });
});

describe('thread', () => {
  const m = (id: string, at: string, text = id) => ({ id, createdAt: at, text });

  it('merges pages, live arrivals and a catch-up into one oldest-first thread, each message once', () => {
    const page = [m('b', '2031-06-09T10:01:00Z'), m('c', '2031-06-09T10:02:00Z')];
    const earlier = [m('a', '2031-06-09T10:00:00Z')];
    const live = [m('d', '2031-06-09T10:03:00Z')];
    const catchUp = [m('c', '2031-06-09T10:02:00Z', 'c (edited copy)'), m('d', '2031-06-09T10:03:00Z'), m('e', '2031-06-09T10:04:00Z')];
    const thread = mergeMessages(page, earlier, live, catchUp);
    expect(thread.map((x) => x.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(thread[2]!.text).toBe('c (edited copy)');
  });

  it('labels days Today, Yesterday, then by date', () => {
    const now = new Date('2031-06-09T12:00:00Z');
    expect(dayLabel('2031-06-09T08:00:00Z', 'Europe/Berlin', now)).toBe('Today');
    expect(dayLabel('2031-06-08T08:00:00Z', 'Europe/Berlin', now)).toBe('Yesterday');
    expect(dayLabel('2031-06-05T08:00:00Z', 'Europe/Berlin', now)).toBe('Thursday, June 5');
    const days = groupByDay([m('a', '2031-06-08T08:00:00Z'), m('b', '2031-06-09T08:00:00Z'), m('c', '2031-06-09T09:00:00Z')], 'Europe/Berlin', now);
    expect(days.map((d) => [d.label, d.messages.length])).toEqual([
      ['Yesterday', 1],
      ['Today', 2],
    ]);
  });
});

describe('propose another time', () => {
  const hour = (id: string, startIso: string, isBooked = false) => {
    const start = new Date(startIso);
    return { id, startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString(), isBooked };
  };
  const now = new Date('2031-06-09T06:00:00Z');

  it('offers only runs of back-to-back free future hours as long as the booking', () => {
    const slots = [
      hour('past', '2031-06-09T05:00:00Z'),
      hour('s9', '2031-06-09T09:00:00Z'),
      hour('s10', '2031-06-09T10:00:00Z'),
      hour('s11', '2031-06-09T11:00:00Z', true),
      hour('s12', '2031-06-09T12:00:00Z'),
      hour('s14', '2031-06-09T14:00:00Z'),
      hour('s15', '2031-06-09T15:00:00Z'),
    ];
    const options = proposalOptions(slots, 2, now);
    expect(options.map((o) => [o.slotId, o.startTime, o.endTime])).toEqual([
      ['s9', '2031-06-09T09:00:00.000Z', '2031-06-09T11:00:00.000Z'],
      ['s14', '2031-06-09T14:00:00.000Z', '2031-06-09T16:00:00.000Z'],
    ]);
    expect(proposalOptions(slots, 1, now).map((o) => o.slotId)).toEqual(['s9', 's10', 's12', 's14', 's15']);
  });

  it("offers the booking's own hours for a shift that overlaps them, but not its current time, nor another booking's hours", () => {
    // The request holds 10:00-12:00; 13:00 is another booking's.
    const slots = [
      hour('s9', '2031-06-09T09:00:00Z'),
      hour('s10', '2031-06-09T10:00:00Z', true),
      hour('s11', '2031-06-09T11:00:00Z', true),
      hour('s12', '2031-06-09T12:00:00Z'),
      hour('s13', '2031-06-09T13:00:00Z', true),
    ];
    const current = { startTime: '2031-06-09T10:00:00.000Z', endTime: '2031-06-09T12:00:00.000Z' };
    expect(proposalOptions(slots, 2, now, current).map((o) => [o.startTime, o.endTime])).toEqual([
      ['2031-06-09T09:00:00.000Z', '2031-06-09T11:00:00.000Z'],
      ['2031-06-09T11:00:00.000Z', '2031-06-09T13:00:00.000Z'],
    ]);
  });
});

describe('read receipt', () => {
  const item = (id: string, senderId: string | null, at: string, kind = 'TEXT') => ({ id, senderId, createdAt: at, kind });
  const items = [
    item('a', 'me', '2031-06-09T10:00:00Z'),
    item('b', 'them', '2031-06-09T10:01:00Z'),
    item('c', 'me', '2031-06-09T10:02:00Z'),
    item('d', null, '2031-06-09T10:03:00Z', 'EVENT'),
    item('e', 'me', '2031-06-09T10:04:00Z'),
  ];

  it('marks the newest of my messages the other party read, none before they read any', () => {
    expect(seenMessageId(items, 'me', null)).toBeNull();
    expect(seenMessageId(items, 'me', '2031-06-09T09:59:00Z')).toBeNull();
    expect(seenMessageId(items, 'me', '2031-06-09T10:03:30Z')).toBe('c');
    expect(seenMessageId(items, 'me', '2031-06-09T10:05:00Z')).toBe('e');
  });
});
