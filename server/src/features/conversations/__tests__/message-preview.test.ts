import { describe, expect, it } from 'vitest';
import { MESSAGE_PREVIEW_MAX, messagePreview } from '../message-preview';

const chars = (s: string) => Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)).length;

describe('messagePreview: a message in one line', () => {
  it('keeps a short message as written', () => {
    expect(messagePreview('Can we move to 3 pm?')).toBe('Can we move to 3 pm?');
  });

  it('collapses new lines, tabs and runs of spaces', () => {
    expect(messagePreview('  Hi Maya,\n\n  can we   move\tto 3 pm?\r\n ')).toBe('Hi Maya, can we move to 3 pm?');
  });

  it('cuts a long message after the last whole word that fits, with an ellipsis', () => {
    const text =
      'Hi Maya, thanks for the stream yesterday. Could we move Thursday to 3 pm instead, and keep the same brief and the same length of the session?';
    const preview = messagePreview(text);
    expect(preview).toBe('Hi Maya, thanks for the stream yesterday. Could we move Thursday to 3 pm…');
    expect(chars(preview)).toBeLessThanOrEqual(MESSAGE_PREVIEW_MAX);
    expect(text.replace(/\s+/g, ' ').startsWith(preview.slice(0, -1))).toBe(true);
  });

  it('keeps a word that ends exactly at the limit', () => {
    // 74 + 1 + 4 = 79 characters, the room left beside the ellipsis; the next character is a space.
    expect(messagePreview(`${'a'.repeat(74)} word and more`)).toBe(`${'a'.repeat(74)} word…`);
    // One more letter and "words" no longer fits whole: the cut goes back to the space before it.
    expect(messagePreview(`${'a'.repeat(74)} words and more`)).toBe(`${'a'.repeat(74)}…`);
    expect(messagePreview(`${'b'.repeat(40)} ${'c'.repeat(38)} next`)).toBe(`${'b'.repeat(40)} ${'c'.repeat(38)}…`);
  });

  it('cuts one very long word (a link, a code) at the limit rather than leave almost nothing', () => {
    const preview = messagePreview(`See https://example.com/${'x'.repeat(200)}`);
    expect(chars(preview)).toBe(MESSAGE_PREVIEW_MAX);
    expect(preview.startsWith('See https://example.com/xxx')).toBe(true);
    expect(preview.endsWith('x…')).toBe(true);
  });

  it('counts an emoji as one character and never splits one', () => {
    const family = '👩‍👩‍👧';
    const text = `${family} `.repeat(60);
    const preview = messagePreview(text);
    expect(chars(preview)).toBeLessThanOrEqual(MESSAGE_PREVIEW_MAX);
    expect(preview).toBe(`${`${family} `.repeat(39)}${family}…`);
    expect(messagePreview('Great 🎉🎉 see you 🇫🇷')).toBe('Great 🎉🎉 see you 🇫🇷');
    expect(messagePreview('🎉'.repeat(100))).toBe(`${'🎉'.repeat(79)}…`);
  });

  it('previews a message of files only by its files, names only', () => {
    expect(messagePreview('', [{ name: 'brief.pdf' }])).toBe('📎 brief.pdf');
    expect(messagePreview('  \n ', [{ name: 'a.png' }, { name: 'b.png' }, { name: 'c.mp4' }])).toBe('📎 3 files');
    expect(messagePreview(null, [{ name: `${'long name '.repeat(12)}.pdf` }])).toBe(`📎 ${'long name '.repeat(7)}long…`);
  });

  it('prefers the text when a message has both text and files', () => {
    expect(messagePreview('Here is the brief', [{ name: 'brief.pdf' }])).toBe('Here is the brief');
  });

  it('is empty for nothing at all', () => {
    expect(messagePreview('')).toBe('');
    expect(messagePreview(undefined, [])).toBe('');
  });

  it('changes nothing when applied to its own answer (a stored preview shown again)', () => {
    const long = 'word '.repeat(50);
    const once = messagePreview(long);
    expect(messagePreview(once)).toBe(once);
    expect(messagePreview(messagePreview(long, [], 140))).toBe(once);
  });
});
