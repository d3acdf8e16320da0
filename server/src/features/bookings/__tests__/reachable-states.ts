import { BookingStatus, PaymentStatus } from '../process/booking.model';
import { TRANSITIONS } from '../process/transitions';

/** Every (status, payment) pair a booking can be in, as "status/payment": the start state plus every rule's target. */
export const REACHABLE_STATES: ReadonlySet<string> = (() => {
  const keys = new Set([`${BookingStatus.PENDING}/${PaymentStatus.UNPAID}`]);
  for (const rule of TRANSITIONS) {
    for (const from of rule.from) keys.add(`${rule.to.status ?? from.status}/${rule.to.payment ?? from.payment}`);
  }
  return keys;
})();
