/** Input masks of the local card form (the provider validates the card itself). */

export const onlyDigits = (text: string) => text.replace(/\D/g, '');

/** "4242424242424242" -> "4242 4242 4242 4242"; American Express as 4-6-5. */
export function formatCardNumber(text: string): string {
  const digits = onlyDigits(text).slice(0, 19);
  if (/^3[47]/.test(digits)) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" -> "12/34", typing "1" "2" gives "12/". */
export function formatExpiry(text: string, previous = ''): string {
  const digits = onlyDigits(text).slice(0, 4);
  // Deleting the slash deletes the month's last digit too, so backspace never gets stuck.
  if (previous.endsWith('/') && text.length < previous.length) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  return digits.length === 2 && text.length > previous.length
    ? `${digits}/`
    : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function formatCvc(text: string): string {
  return onlyDigits(text).slice(0, 4);
}
