import { defineModule } from '../../platform/module';
import { testClockRoutes } from './test-clock.rest';
import { TestClockService } from './test-clock.service';

declare module '../../platform/module' {
  interface Services {
    testClock: TestClockService;
  }
}

/** The opt-in test clock (ENABLE_TEST_CLOCK): end-to-end tests move the server's time. */
export const testClockModule = defineModule({
  name: 'test-clock',
  routes: testClockRoutes,
  services: ({ deps }) => ({ testClock: new TestClockService({ config: deps.config, clock: deps.clock, jobs: deps.jobs }) }),
});
