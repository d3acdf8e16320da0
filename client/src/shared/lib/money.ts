/** Money helpers. The API speaks integer cents (`...Cents` fields); the UI shows US dollars. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** 12345 -> "$123.45". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** 50000 -> "$500" (whole dollars drop the cents; 1250 -> "$12.50"). */
export function formatCentsShort(cents: number): string {
  return cents % 100 === 0 ? usdWhole.format(cents / 100) : usd.format(cents / 100);
}

/** "12.5" -> 1250; null when the text is not a plain amount of dollars with at most 2 decimals. */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}
