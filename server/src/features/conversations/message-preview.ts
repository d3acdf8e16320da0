/** How long a message's one-line preview may be, in characters as a reader counts them (an emoji is one). */
export const MESSAGE_PREVIEW_MAX = 80;

const ELLIPSIS = '…';
/** A word boundary earlier than this share of the room is too early: a long word is cut instead. */
const MIN_WORD_CUT = 0.5;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A message in one line, the way a bell item, the message e-mail and the Messages list show it:
 * whitespace (new lines included) collapsed to single spaces, at most `max` characters (an emoji
 * or a flag counts as one and is never split), cut after the last whole word that fits and ended
 * with "…". A message of files only stands for its files: "📎 brief.pdf", "📎 3 files" (names only:
 * never a download link). Applying it again to its own answer changes nothing.
 */
export function messagePreview(text: string | null | undefined, files: readonly { name: string }[] = [], max: number = MESSAGE_PREVIEW_MAX): string {
  const oneLine = (text ?? '').replace(/\s+/gu, ' ').trim();
  if (oneLine !== '') return truncate(oneLine, max);
  if (files.length === 0) return '';
  return truncate(files.length === 1 ? `📎 ${files[0].name.replace(/\s+/gu, ' ').trim()}` : `📎 ${files.length} files`, max);
}

function truncate(line: string, max: number): string {
  const chars = Array.from(graphemes.segment(line), (s) => s.segment);
  if (chars.length <= max) return line;
  const room = Math.max(1, max - ELLIPSIS.length);
  // The last space that ends a whole word within the room (the character right after the room counts).
  let cut = room;
  if (chars[room] !== ' ') {
    const space = chars.lastIndexOf(' ', room - 1);
    if (space >= Math.ceil(room * MIN_WORD_CUT)) cut = space;
  }
  return `${chars.slice(0, cut).join('').trimEnd()}${ELLIPSIS}`;
}
