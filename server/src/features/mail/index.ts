import { defineModule, onEvent } from '../../platform/module';
import { queuedWork } from '../../platform/outbox/outbox';
import { SecretBox } from '../../platform/security/secret-box';
import { EmailDeliveryWorker } from './email-delivery';
import { MailResolver } from './mail.resolver';
import { mailRoutes } from './mail.rest';
import { PreferencesService } from './preferences.service';

export { renderEmailSamples, type EmailSample } from './email-samples';

declare module '../../platform/module' {
  interface Services {
    /** E-mail switches per notification kind, the zone e-mails use, unsubscribe links. */
    mailPreferences: PreferencesService;
    /** Turns notifications into e-mails (woken after commits, swept by a job). */
    emailDelivery: EmailDeliveryWorker;
  }
}

/**
 * Transactional e-mail: notifications become e-mails (features/mail/email-delivery.ts) through
 * `deps.mail` (SMTP_URL, or the development catcher at /dev/mailbox); notification preferences.
 */
export const mailModule = defineModule({
  name: 'mail',
  // Amounts are read from the ledger (bookings) when an e-mail is rendered; a receipt attaches the invoice (documents).
  dependsOn: ['calendar', 'bookings', 'documents'],
  resolvers: [MailResolver],
  routes: mailRoutes,
  services: ({ deps, services }) => {
    const mailPreferences = new PreferencesService({ secret: deps.config.JWT_SECRET });
    const emailDelivery = new EmailDeliveryWorker({
      enabled: deps.mail.mode !== 'off',
      orm: deps.orm,
      clock: deps.clock,
      logger: deps.logger.child({ feature: 'mail' }),
      metrics: deps.metrics,
      send: (mail) => deps.mail.send(mail),
      from: () => deps.mail.from,
      preferences: mailPreferences,
      calendar: services.calendar,
      publicUrl: () => deps.mail.publicUrl(),
      linkBox: new SecretBox(deps.config.secretsKey),
      money: (em, ids) => services.bookings.moneyOf(em, ids),
      document: (em, id) => services.documents.issuedPdf(em, id),
      supportAddress: () => deps.config.SUPPORT_EMAIL,
    });
    return { mailPreferences, emailDelivery };
  },
  // The e-mail work queue (features/mail/email-delivery.ts); none when e-mail is off.
  jobs: ({ services }) => (services.emailDelivery.enabled ? [services.emailDelivery.queue] : []),
  // Contact-form tickets are e-mailed to addresses (support's, the sender's), queued with the ticket.
  extend: ({ services }) => ({ outboxConsumers: [services.emailDelivery.addressConsumer()] }),
  // A running server e-mails right after each commit that wrote notifications (e-mails are planned from them;
  // retries and digests are the sweep's). Tests drive the worker themselves: jobs off.
  eventHandlers: ({ deps, services }) =>
    deps.config.JOBS_ENABLED ? [onEvent('outboxCommitted', (event) => (queuedWork(event, 'notifications') || queuedWork(event, 'mail-addresses') ? services.emailDelivery.wake() : undefined))] : [],
});
