import { describe, expect, it } from 'vitest';
import { AVAILABILITY_MESSAGES as MSG, endOfRange, validateScheduleDraft, validateSlotDraft } from '../lib/slot-rules';

const NOW = new Date('2025-09-17T12:00:00Z');

describe('Add Slot rules (spec §5)', () => {
  it('checks in the spec order: date, both times, end after start, not in the past', () => {
    expect(validateSlotDraft({ day: null, startTime: '', endTime: '' }, 'UTC', NOW)).toBe(MSG.selectDate);
    expect(validateSlotDraft({ day: '2025-09-18', startTime: '10:00', endTime: '' }, 'UTC', NOW)).toBe(MSG.bothTimes);
    expect(validateSlotDraft({ day: '2025-09-18', startTime: '10:00', endTime: '10:00' }, 'UTC', NOW)).toBe(
      MSG.endAfterStart,
    );
    expect(validateSlotDraft({ day: '2025-09-18', startTime: '11:00', endTime: '10:00' }, 'UTC', NOW)).toBe(
      MSG.endAfterStart,
    );
    expect(validateSlotDraft({ day: '2025-09-17', startTime: '09:00', endTime: '10:00' }, 'UTC', NOW)).toBe(MSG.past);
    expect(validateSlotDraft({ day: '2025-09-17', startTime: '13:00', endTime: '15:00' }, 'UTC', NOW)).toBeNull();
  });

  it('reads the times in the creator zone', () => {
    // 12:00 UTC is 14:00 in Berlin (summer time): 13:00 there has passed, 15:00 has not.
    expect(validateSlotDraft({ day: '2025-09-17', startTime: '13:00', endTime: '14:00' }, 'Europe/Berlin', NOW)).toBe(
      MSG.past,
    );
    expect(
      validateSlotDraft({ day: '2025-09-17', startTime: '15:00', endTime: '16:00' }, 'Europe/Berlin', NOW),
    ).toBeNull();
  });

  it('an end of 00:00 after a later start means midnight', () => {
    expect(endOfRange('22:00', '00:00')).toBe('24:00');
    expect(validateSlotDraft({ day: '2025-09-18', startTime: '22:00', endTime: '00:00' }, 'UTC', NOW)).toBeNull();
  });
});

describe('Recurring schedule rules (spec §5)', () => {
  it('needs a title and a day, then an end after the start', () => {
    const base = { title: 'Evenings', daysOfWeek: [1], startTime: '09:00', endTime: '17:00' };
    expect(validateScheduleDraft({ ...base, title: '  ' })).toBe(MSG.titleAndDay);
    expect(validateScheduleDraft({ ...base, daysOfWeek: [] })).toBe(MSG.titleAndDay);
    expect(validateScheduleDraft({ ...base, endTime: '08:00' })).toBe(MSG.endAfterStart);
    expect(validateScheduleDraft(base)).toBeNull();
  });
});
