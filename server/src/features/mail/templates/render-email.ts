import { createElement } from 'react';
import { plainTextSelectors, render, toPlainText } from '@react-email/render';
import { NotificationEmail, type EmailContent, type EmailFrame } from './notification-email';

/** HTML and plain-text parts of one e-mail, from the one template. */
export async function renderEmail(content: EmailContent, frame: EmailFrame): Promise<{ html: string; text: string }> {
  const html = await render(createElement(NotificationEmail, { content, frame }));
  const text = toPlainText(html, { selectors: [...plainTextSelectors, { selector: 'h1', options: { uppercase: false } }] });
  return { html, text };
}
