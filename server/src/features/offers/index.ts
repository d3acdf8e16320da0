import { defineModule } from '../../platform/module';
import { Offer } from './offer.entity';
import { MessageOfferResolver, OffersResolver } from './offers.resolver';
import { offersRoutes } from './offers.rest';
import { OffersService } from './offers.service';

declare module '../../platform/module' {
  interface Services {
    offers: OffersService;
  }
}

/** Custom offers in a conversation: versions, answers, expiry, and the brand's checkout on acceptance. */
export const offersModule = defineModule({
  name: 'offers',
  dependsOn: ['bookings', 'conversations'],
  entities: [Offer],
  resolvers: [OffersResolver, MessageOfferResolver],
  routes: offersRoutes,
  services: ({ deps, services }) => ({
    offers: new OffersService({
      clock: deps.clock,
      orm: deps.orm,
      outbox: deps.outbox,
      threads: services.conversations,
      bookings: { checkoutOrder: (ctx, order) => services.checkout.checkoutOrder(ctx, order), get: (ctx, id) => services.bookings.get({ em: ctx.em, viewer: ctx.viewer, loaders: new Map() }, id) },
    }),
  }),
  // An unanswered offer lapses at its expiry (a system move, like a request's).
  jobs: ({ services }) => [{ name: 'offers-expire', everySeconds: 60, run: (now) => services.offers.expireDue(now).then(() => {}) }],
});

export type { OffersService, OfferView } from './offers.service';
