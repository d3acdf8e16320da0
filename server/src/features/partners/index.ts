import { defineModule } from '../../module';
import { ApiKey } from './api-key.entity';
import { PartnersResolver } from './partners.resolver';
import { PartnersService } from './partners.service';

declare module '../../module' {
  interface Services {
    partners: PartnersService;
  }
}

/** Partner API keys (read-only access to the listing). */
export const partnersModule = defineModule({
  name: 'partners',
  entities: [ApiKey],
  resolvers: [PartnersResolver],
  services: ({ deps }) => ({ partners: new PartnersService({ clock: deps.clock }) }),
});
