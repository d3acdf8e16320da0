import { formatCents } from '../../../shared/lib/money';
import { tokenStorage } from '../../auth/lib/token-storage';

/**
 * Downloads a file the API serves only to the signed-in party (a document's PDF, the ledger CSV):
 * fetched with the session's bearer token, then saved under `filename`. Throws with the server's
 * message when refused.
 */
export async function downloadWithSession(url: string, filename: string): Promise<void> {
  const token = tokenStorage.getAccessToken();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new Error(body?.error ?? `Download failed (${res.status})`);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export const DOCUMENT_KIND_LABELS: Record<string, string> = {
  INVOICE: 'Invoice',
  RECEIPT: 'Receipt',
  CREDIT_NOTE: 'Credit note',
  PAYOUT_STATEMENT: 'Payout statement',
  MONTHLY_STATEMENT: 'Monthly statement',
};

/** What a document's total means, in words: "$75.00 paid", "$37.50 credited", "$33.75 paid out". */
export function documentAmount(kind: string, totalCents: number): string {
  const amount = formatCents(totalCents);
  if (kind === 'CREDIT_NOTE') return `${amount} credited`;
  if (kind === 'PAYOUT_STATEMENT') return `${amount} paid out`;
  if (kind === 'MONTHLY_STATEMENT') return `${amount} net`;
  return `${amount} paid`;
}

/** The day a document was issued, unambiguous in any locale: "Jun 9, 2031" (in the viewer's zone). */
export function formatIssued(instant: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: zone }).format(new Date(instant));
}
