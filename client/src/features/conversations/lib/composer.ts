/** The longest message the server takes (issue 17: up to 2,000 characters, trimmed). */
export const MESSAGE_MAX_LENGTH = 2000;

export const COMPOSER_MESSAGES = {
  empty: 'Write a message first',
  tooLong: (over: number) => `${over.toLocaleString('en-US')} ${over === 1 ? 'character' : 'characters'} too many`,
  sendFailed: 'Your message was not sent',
  tooManyFiles: (max: number) => `At most ${max} files per message: the rest were left out`,
} as const;

/** The files attached after adding `picked`: at most `max` (the rest are dropped, and counted). */
export function addFiles(current: readonly File[], picked: readonly File[], max = 10): { files: File[]; dropped: number } {
  const all = [...current, ...picked];
  return { files: all.slice(0, max), dropped: Math.max(0, all.length - max) };
}

/** Characters counted as the server counts them: the trimmed text, by UTF-16 unit, like the server. */
export function messageLength(text: string): number {
  return text.trim().length;
}

/** Why the draft cannot be sent yet, or null when it can (files alone may be sent). */
export function draftProblem(text: string, fileCount = 0): string | null {
  const length = messageLength(text);
  if (length === 0) return fileCount > 0 ? null : COMPOSER_MESSAGES.empty;
  if (length > MESSAGE_MAX_LENGTH) return COMPOSER_MESSAGES.tooLong(length - MESSAGE_MAX_LENGTH);
  return null;
}

/** "1,234 / 2,000". */
export function counterLabel(text: string): string {
  return `${messageLength(text).toLocaleString('en-US')} / ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')}`;
}
