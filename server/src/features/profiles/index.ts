import { defineModule } from '../../platform/module';
import { creatorRoot, creatorsRoot } from './creators.compiled';
import { Profile } from './profile.entity';
import { CreatorConnectionResolver, ProfilesResolver } from './profiles.resolver';
import { profilesRoutes } from './profiles.rest';
import { ProfilesService } from './profiles.service';

declare module '../../platform/module' {
  interface Services {
    profiles: ProfilesService;
  }
}

/** Creator profiles and the public listing (search, filters, sorting). */
export const profilesModule = defineModule({
  name: 'profiles',
  entities: [Profile],
  resolvers: [ProfilesResolver, CreatorConnectionResolver],
  routes: profilesRoutes,
  services: ({ deps }) => ({ profiles: new ProfilesService({ clock: deps.clock, events: deps.events, outbox: deps.outbox }) }),
  compiledRoots: () => [creatorsRoot, creatorRoot],
});
