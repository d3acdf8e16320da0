/** A row of the Messages list as the screen draws it (mapped from the API's conversation). */
export interface ConversationSummary {
  id: string;
  /** The other party's display name and picture. */
  name: string;
  avatarUrl: string | null;
  preview: string;
  previewIsEvent: boolean;
  previewMine: boolean;
  lastActivityAt: string;
  unreadCount: number;
  /** "Inquiry" or the booking's day. */
  context: string;
}
