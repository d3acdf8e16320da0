/** "$1,234.50", "€1,234.50", "¥1,235": an amount in the currency's minor units, as people read it (Intl). */
export function formatMoney(minorUnits: number, currency = 'USD'): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}
