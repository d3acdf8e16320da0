import type { ProductLinks } from '../../platform/shared/product-links';
import { emailKindOf, sentToUnverified } from './notification-kinds';
import type { EmailFrame } from './templates/notification-email';

/** Why a person gets a notification's e-mail and where to change it (the footer of every notification e-mail). */
export function notificationFrame(topic: string, links: ProductLinks): EmailFrame {
  const kind = emailKindOf(topic);
  if (!kind) throw new Error(`the topic ${topic} is never e-mailed`);
  const account = sentToUnverified(topic);
  return {
    reason: account ? 'You get this e-mail about the security of your CollabHub account.' : `You get this e-mail because of your ${kind.label.toLowerCase()} on CollabHub.`,
    preferencesUrl: `${links.settings()}#notifications`,
    required: kind.required,
    ...(account ? { alwaysSentBecause: 'It is about your account, so it is always sent.' } : {}),
  };
}

/** The footer of a contact-form ticket's e-mail, to support's inbox or to the sender. */
export function ticketFrame(role: 'support' | 'sender', links: ProductLinks): EmailFrame {
  return {
    reason:
      role === 'support'
        ? 'You get this e-mail because this address is CollabHub support’s inbox (SUPPORT_EMAIL).'
        : 'You get this e-mail because this address was given in CollabHub’s contact form.',
    preferencesUrl: links.support(),
    required: true,
    alwaysSentBecause: role === 'support' ? 'Every contact-form message reaches support.' : 'It is the copy of the message you sent.',
  };
}
