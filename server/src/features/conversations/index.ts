import { defineModule } from '../../platform/module';
import { BookingConversationFieldsResolver } from './conversations.booking-fields';
import { ConversationPartyFieldsResolver } from './conversations.party-fields';
import { ConversationsResolver, MessageFilesResolver } from './conversations.resolver';
import { conversationsRoutes } from './conversations.rest';
import { ConversationsService } from './conversations.service';

declare module '../../platform/module' {
  interface Services {
    conversations: ConversationsService;
  }
}

/**
 * Conversations between a client and a creator (inquiries and every booking of the pair), with
 * proposed times, support on disputed bookings, live lines, typing and read marks.
 */
export const conversationsModule = defineModule({
  name: 'conversations',
  dependsOn: ['bookings', 'brands', 'notifications', 'files'],
  resolvers: [ConversationsResolver, MessageFilesResolver, BookingConversationFieldsResolver, ConversationPartyFieldsResolver],
  routes: conversationsRoutes,
  services: ({ deps, services }) => ({
    conversations: new ConversationsService({
      clock: deps.clock,
      events: deps.events,
      outbox: deps.outbox,
      bookings: services.bookingReschedule,
      money: (em, ids) => services.bookings.moneyOf(em, ids),
      notifications: services.notifications,
      files: () => services.files,
      limits: deps.limits,
      messagesPerMinute: deps.config.RATE_LIMIT_ENABLED ? deps.config.MESSAGE_RATE_LIMIT_PER_MINUTE : null,
    }),
  }),
  stop: async ({ services }) => services.conversations.close(),
  // Thread lines from booking events; a booking's open proposed times close when it moves on.
  extend: ({ services }) => ({
    outboxConsumers: [services.conversations.consumer()],
    bookingMoveHandlers: [services.conversations.proposalCloser()],
    // Files attached to a conversation are read by whoever may read the conversation.
    fileScopes: [{ scope: 'conversation', canRead: (em, viewer, id) => services.conversations.mayRead(em, viewer, id) }],
  }),
});

export type { ConversationPair, ConversationsService } from './conversations.service';
export { MessageType } from './conversations.types';
