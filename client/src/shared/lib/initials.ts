/**
 * The two-letter avatar fallback of a display name: the first letters of the first two words
 * ("Nova Rivers" -> "NR"), or the first two letters of a one-word name ("pixelpete" -> "PI").
 */
export function initials(displayName: string): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters =
    words.length >= 2 ? [...words[0]!].slice(0, 1).concat([...words[1]!].slice(0, 1)) : [...words[0]!].slice(0, 2);
  return letters.join('').toUpperCase();
}
