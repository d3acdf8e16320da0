import type { Services } from '../services';
import type { JobDefinition } from './job-scheduler';

/**
 * Local payment provider only: pays connected accounts' balances out, as Stripe does on its
 * own schedule, which emits `payout.paid` and moves released bookings to paid_out.
 * A sweep: an account with nothing left to pay out is skipped, so running twice changes nothing.
 */
export function localPayoutsJob(services: Services): JobDefinition {
  return {
    name: 'local-payouts',
    everySeconds: 60,
    run: async () => {
      await services.payments.runLocalPayouts();
    },
  };
}
