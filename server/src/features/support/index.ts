import { defineModule } from '../../platform/module';
import { SupportResolver } from './support.resolver';
import { SupportService } from './support.service';
import { SupportAuditEntry } from './support-audit.entity';
import { SupportTicketsService } from './support-tickets';
import { SupportTicketsResolver } from './support-tickets.resolver';
import { supportTicketRoutes } from './support-tickets.rest';
import { UserWarning } from './user-warning.entity';

declare module '../../platform/module' {
  interface Services {
    support: SupportService;
    /** The contact form's tickets (support reads and closes them). */
    supportTickets: SupportTicketsService;
  }
}

/**
 * Support staff: disputes (read, decide), warnings, the append-only audit log of every support
 * action (`support.audit`), and the contact form's tickets (e-mailed to SUPPORT_EMAIL through the
 * outbox, with a copy to the sender).
 */
export const supportModule = defineModule({
  name: 'support',
  dependsOn: ['bookings'],
  entities: [UserWarning, SupportAuditEntry],
  resolvers: [SupportResolver, SupportTicketsResolver],
  routes: supportTicketRoutes,
  services: ({ deps, services }) => ({
    support: new SupportService({ clock: deps.clock, events: deps.events, runner: services.bookingRunner }),
    supportTickets: new SupportTicketsService({ outbox: deps.outbox, limits: deps.limits, perHour: deps.config.CONTACT_RATE_LIMIT_PER_HOUR }),
  }),
  // Support's dispute decisions are audited in the move's own transaction.
  extend: ({ services }) => ({ bookingMoveHandlers: [services.support.disputeDecisionAudit()] }),
});

// The front door: what other features use of this one.
export { SUPPORT_ACTIONS, requireSupportReason } from './support-audit';
export type { SupportAuditInput } from './support-audit';
