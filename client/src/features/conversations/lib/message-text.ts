/**
 * A message's text cut into plain runs and links. Messages are shown as text, never as HTML: each
 * run is rendered as a React text node (escaped), and a web address becomes a link the reader may
 * follow. Nothing is fetched for a link (no preview, no image): it loads only when clicked.
 */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) addresses and bare www. ones, up to the next space or angle bracket.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
// Punctuation that ends a sentence rather than the address ("see https://x.test/a.").
const TRAILING = /[.,;:!?'")\]}]+$/;

export function messageSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    let address = match[0];
    const trailing = TRAILING.exec(address);
    if (trailing) address = address.slice(0, address.length - trailing[0].length);
    const href = /^www\./i.test(address) ? `https://${address}` : address;
    if (!isSafeWebAddress(href)) continue;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'link', text: address, href });
    last = start + address.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** Only http(s) addresses with a host become links (never javascript:, data: ...). */
function isSafeWebAddress(href: string): boolean {
  try {
    const url = new URL(href);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
