/** The longest message the server takes (issue 17: up to 2,000 characters, trimmed). */
export const MESSAGE_MAX_LENGTH = 2000;

export const COMPOSER_MESSAGES = {
  empty: 'Write a message first',
  tooLong: (over: number) => `${over.toLocaleString('en-US')} ${over === 1 ? 'character' : 'characters'} too many`,
  sendFailed: 'Your message was not sent',
} as const;

/** Characters counted as the server counts them: the trimmed text, by UTF-16 unit, like the server. */
export function messageLength(text: string): number {
  return text.trim().length;
}

/** Why the draft cannot be sent yet, or null when it can. */
export function draftProblem(text: string): string | null {
  const length = messageLength(text);
  if (length === 0) return COMPOSER_MESSAGES.empty;
  if (length > MESSAGE_MAX_LENGTH) return COMPOSER_MESSAGES.tooLong(length - MESSAGE_MAX_LENGTH);
  return null;
}

/** "1,234 / 2,000". */
export function counterLabel(text: string): string {
  return `${messageLength(text).toLocaleString('en-US')} / ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')}`;
}
