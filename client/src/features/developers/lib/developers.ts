/** Texts and small rules of the developer console (API keys, webhooks). */
export const DEVELOPER_MESSAGES = {
  keyCreated: 'API key created',
  keyCreateFailed: 'Could not create the API key',
  keyRevoked: 'API key revoked',
  keyRevokeFailed: 'Could not revoke the API key',
  keyNameRequired: 'Give the key a name',
  endpointCreated: 'Webhook endpoint added',
  endpointCreateFailed: 'Could not add the endpoint',
  endpointDeleted: 'Webhook endpoint deleted',
  endpointDeleteFailed: 'Could not delete the endpoint',
  endpointUpdated: 'Webhook endpoint updated',
  endpointUpdateFailed: 'Could not update the endpoint',
  secretRotated: 'New signing secret created',
  secretRotateFailed: 'Could not rotate the secret',
  urlRequired: 'Enter the https URL that should receive events',
  typesRequired: 'Choose at least one event type',
  resent: 'Delivery queued again',
  resendFailed: 'Could not resend the delivery',
  replayed: 'Events queued again',
  replayFailed: 'Could not replay the events',
  sinceRequired: 'Choose a start date and time',
  reasonRequired: 'Say why: the account sees the reason',
  endpointDisabled: 'Webhook endpoint disabled',
  endpointDisableFailed: 'Could not disable the endpoint',
  testSent: 'Test event sent: see it in the deliveries below',
  testFailed: 'Could not send the test event',
} as const;

/** A short "3 min ago" / "never" for list columns. */
export function ago(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return 'never';
  const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

export const shortDate = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : '—';

export const dateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }) : '—';

/** Totals a usage series (requests per hour) for the chart's caption. */
export function usageSummary(hours: readonly { requests: number }[]): { total: number; peak: number } {
  let total = 0;
  let peak = 0;
  for (const h of hours) {
    total += h.requests;
    peak = Math.max(peak, h.requests);
  }
  return { total, peak };
}

/** The value of a datetime-local input for a moment (local time, minutes). */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
