import { defineModule } from '../../platform/module';
import { Dispute } from './dispute.entity';
import { SupportResolver } from './support.resolver';
import { SupportService } from './support.service';
import { UserWarning } from './user-warning.entity';

declare module '../../platform/module' {
  interface Services {
    support: SupportService;
  }
}

/** Support staff: disputes (read, decide), warnings. */
export const supportModule = defineModule({
  name: 'support',
  dependsOn: ['bookings'],
  entities: [Dispute, UserWarning],
  resolvers: [SupportResolver],
  services: ({ deps, services }) => ({ support: new SupportService({ clock: deps.clock, events: deps.events, runner: services.bookingRunner }) }),
});
