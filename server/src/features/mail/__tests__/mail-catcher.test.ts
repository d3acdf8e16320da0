import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config';
import { startTestApp, type TestApp } from '../../../../test/harness';

describe('development mail catcher and /dev/mailbox', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('delivers over real SMTP to the catcher, lists it as JSON and as a page, and keeps one copy per Message-ID', async () => {
    const mail = app.server.deps.mail;
    expect(mail.mode).toBe('catcher');
    const sent = {
      messageId: '<catcher-test-1@collabhub.test>',
      to: 'Brand.Person@example.test',
      subject: 'Hello from the catcher test',
      html: '<p>Hi <a href="http://localhost/x">open</a></p>',
      text: 'Hi, open http://localhost/x',
      unsubscribeUrl: 'http://localhost/api/v1/unsubscribe?t=1',
    };
    await mail.send(sent);
    // A resend after a crash carries the same Message-ID: the mailbox keeps one message.
    await mail.send(sent);

    const list = await fetch(`${app.url}/dev/mailbox/messages?to=brand.person@example.test`).then((r) => r.json());
    expect(list.messages).toHaveLength(1);
    expect(list.messages[0]).toMatchObject({ subject: sent.subject, to: ['brand.person@example.test'], deliveries: 2, messageId: sent.messageId });

    const one = await fetch(`${app.url}/dev/mailbox/messages/${list.messages[0].id}`).then((r) => r.json());
    expect(one.text).toContain('Hi, open');
    expect(one.links).toEqual(['http://localhost/x']);
    expect(one.headers['list-unsubscribe']).toBe('<http://localhost/api/v1/unsubscribe?t=1>');
    expect(one.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const raw = await fetch(`${app.url}/dev/mailbox/${list.messages[0].id}/raw`).then((r) => r.text());
    expect((await simpleParser(raw)).messageId).toBe(sent.messageId);

    const pageRes = await fetch(`${app.url}/dev/mailbox`);
    expect(pageRes.status).toBe(200);
    expect(await pageRes.text()).toContain('Hello from the catcher test');
    expect((await fetch(`${app.url}/dev/mailbox/not-a-message`)).status).toBe(404);
  });

  it('answers 404 at /dev/mailbox in production', async () => {
    const prod = await startTestApp({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    try {
      expect(prod.server.deps.mail.mode).toBe('off');
      expect((await fetch(`${prod.url}/dev/mailbox`)).status).toBe(404);
      expect((await fetch(`${prod.url}/dev/mailbox/messages`)).status).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('validates SMTP_URL and MAIL_FROM, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://mail.example:587' })).toThrow(/MAIL_FROM: required when SMTP_URL is set/);
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM: must be an e-mail/);
    const ok = loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: 'CollabHub <hello@collab.example>' });
    expect(ok.mailMode).toBe('smtp');
    expect(loadConfig({ NODE_ENV: 'test' }).mailMode).toBe('catcher');
  });
});
