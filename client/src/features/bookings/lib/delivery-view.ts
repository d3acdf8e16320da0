/** "2 d 5 h", "3 h 10 min", "12 min"; null once the instant has passed. */
export function timeLeft(due: Date | string, now: Date): string | null {
  const ms = new Date(due).getTime() - now.getTime();
  if (ms <= 0) return null;
  const minutes = Math.ceil(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${mins} min`;
  return `${mins} min`;
}

/** Web addresses typed one per line (or separated by spaces or commas), blanks dropped. */
export const linesToLinks = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((l) => l.trim())
    .filter(Boolean);

export const DELIVERY_STATUS_LABEL = {
  SUBMITTED: 'Waiting for approval',
  CHANGES_REQUESTED: 'Changes requested',
  APPROVED: 'Approved',
  CLOSED: 'Closed',
} as const;
