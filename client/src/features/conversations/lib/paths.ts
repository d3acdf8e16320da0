/** The URL query parameter naming the open conversation of the Messages tab. */
export const CONVERSATION_PARAM = 'conversation';

/** The dashboard's Messages tab opened on one conversation. */
export function conversationPath(conversationId: string): string {
  return `/dashboard?tab=messages&${CONVERSATION_PARAM}=${encodeURIComponent(conversationId)}`;
}
