import { describe, expect, it } from 'vitest';
import { OUTBOX_TOPICS } from '../../../platform/outbox/outbox.topics';
import { renderEmailSamples } from '../email-samples';
import { emailKindOf } from '../notification-kinds';

describe('the e-mail samples (what the browser suite runs axe on)', () => {
  it('hold every e-mailed topic, each with a title and its links in sentences underlined', async () => {
    const samples = await renderEmailSamples('https://collabhub.example');
    const emailed = OUTBOX_TOPICS.filter((t) => emailKindOf(t) !== null);
    // Every topic that becomes an e-mail (a new one is sampled by itself), and the contact form's two.
    for (const topic of emailed) expect(samples.map((s) => s.name), topic).toContain(topic);
    expect(samples.map((s) => s.name)).toEqual(expect.arrayContaining(['support.ticket_created (to support)', 'support.ticket_created (to sender)']));
    for (const { name, html } of samples) {
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, `${name} has a title`).toBeTruthy();
      expect(html, name).toContain(`<h1`);
      // The links inside sentences (the button's URL, the preferences) are told by more than colour.
      const inText = [...html.matchAll(/<a [^>]*>/g)].map((m) => m[0]).filter((a) => !/display:inline-block/.test(a));
      expect(inText.length, name).toBeGreaterThanOrEqual(2);
      for (const a of inText) expect(a, name).toMatch(/text-decoration(-line)?:underline/);
    }
  });
});
