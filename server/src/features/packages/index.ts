import { defineModule } from '../../platform/module';
import { CreatorPackage } from './package.entity';
import { PackagesResolver } from './packages.resolver';
import { packagesRoutes } from './packages.rest';
import { PackagesService } from './packages.service';

declare module '../../platform/module' {
  interface Services {
    packages: PackagesService;
  }
}

/** Creators' packages: fixed deliverables at a fixed price, bought through the booking checkout. */
export const packagesModule = defineModule({
  name: 'packages',
  dependsOn: ['bookings'],
  entities: [CreatorPackage],
  resolvers: [PackagesResolver],
  routes: packagesRoutes,
  services: ({ deps, services }) => ({ packages: new PackagesService({ clock: deps.clock, checkout: services.checkout }) }),
});

export type { PackagesService, PackageView } from './packages.service';
