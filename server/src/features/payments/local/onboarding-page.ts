/** The local provider's stand-in for Stripe's hosted onboarding: one self-contained page, no external assets. */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const ONBOARDING_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { max-width: 28rem; padding: 2rem; border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 12px; }
  h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
  p { line-height: 1.5; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dt { opacity: .7; }
  button { font: inherit; padding: .6rem 1.2rem; border: 0; border-radius: 8px; background: #635bff; color: #fff; cursor: pointer; }
  .note { font-size: .85rem; opacity: .7; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export function renderOnboardingPage(args: { accountId: string; email: string; kind: string; linkId: string; action: string }): string {
  return page(
    'Set up payments',
    `<h1>Set up payments</h1>
<p>This is the local test payment provider. Completing setup enables charges and payouts for this account, as finishing Stripe's onboarding would.</p>
<dl><dt>Account</dt><dd>${escapeHtml(args.accountId)}</dd><dt>Email</dt><dd>${escapeHtml(args.email)}</dd><dt>Type</dt><dd>${escapeHtml(args.kind)}</dd></dl>
<form method="post" action="${escapeHtml(args.action)}">
<input type="hidden" name="link" value="${escapeHtml(args.linkId)}">
<button type="submit">Complete setup</button>
</form>
<p class="note">No real money moves with the local provider.</p>`,
  );
}

export function renderOnboardingMessage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}
