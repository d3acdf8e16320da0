import { defineModule } from '../../platform/module';
import { SupportResolver } from './support.resolver';
import { SupportService } from './support.service';
import { SupportAuditEntry } from './support-audit.entity';
import { UserWarning } from './user-warning.entity';

declare module '../../platform/module' {
  interface Services {
    support: SupportService;
  }
}

/** Support staff: disputes (read, decide), warnings, and the append-only audit log of every support action (`support.audit`). */
export const supportModule = defineModule({
  name: 'support',
  dependsOn: ['bookings'],
  entities: [UserWarning, SupportAuditEntry],
  resolvers: [SupportResolver],
  services: ({ deps, services }) => ({ support: new SupportService({ clock: deps.clock, events: deps.events, runner: services.bookingRunner }) }),
  // Support's dispute decisions are audited in the move's own transaction.
  extend: ({ services }) => ({ bookingMoveHandlers: [services.support.disputeDecisionAudit()] }),
});

// The front door: what other features use of this one.
export { SUPPORT_ACTIONS, requireSupportReason } from './support-audit';
export type { SupportAuditInput } from './support-audit';
