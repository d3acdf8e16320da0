import { z } from 'zod';
import type { Clock } from '../../platform/shared/clock';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import { forbidden, notFound } from '../../platform/shared/errors';
import type { EventBus } from '../../platform/shared/events';
import { UUID_RE } from '../../platform/shared/pagination';
import { parseInput } from '../../platform/shared/validation';
import { User, UserRole } from '../users';
import type { AuthService } from './auth.service';

const SuspendSchema = z.object({
  userId: z.string({ error: 'userId is required' }).regex(UUID_RE, 'userId must be an account id'),
  reason: z.string({ error: 'reason is required' }).trim().min(3, 'reason is required (at least 3 characters)').max(1000, 'reason must be at most 1000 characters'),
});
const UnsuspendSchema = SuspendSchema.pick({ userId: true });

export type SuspendInput = z.input<typeof SuspendSchema>;

/**
 * Suspended means suspended (issue 27 item 6): support suspends an account, which at once signs
 * out every session on every instance (the existing revocation: tokens refused, sockets closed);
 * sign-in and refresh then refuse it with a clear message, and it can neither send nor receive
 * messages (conversations checks `users.suspended_at`), nor be listed or booked.
 */
export class AccountSuspension {
  constructor(private readonly deps: { auth: AuthService; clock: Clock; events: EventBus }) {}

  async suspend(ctx: ServiceContext, input: SuspendInput): Promise<User> {
    this.requireSupport(ctx);
    const data = parseInput(SuspendSchema, input);
    const now = this.deps.clock.now();
    const { user, revoked } = await ctx.em.transactional(async (em) => {
      const user = await em.findOne(User, { id: data.userId });
      if (!user) throw notFound('Account not found');
      if (user.role === UserRole.SUPPORT) throw forbidden('Support accounts cannot be suspended here');
      user.suspendedAt ??= now;
      await em.flush();
      return { user, revoked: await this.deps.auth.revokeAllSessions(em, user.id, now) };
    });
    await this.deps.auth.announceRevoked(revoked);
    await this.deps.events.publish('profileChanged', { userId: user.id });
    return user;
  }

  async unsuspend(ctx: ServiceContext, input: { userId?: unknown }): Promise<User> {
    this.requireSupport(ctx);
    const data = parseInput(UnsuspendSchema, input);
    const user = await ctx.em.findOne(User, { id: data.userId });
    if (!user) throw notFound('Account not found');
    user.suspendedAt = null;
    await ctx.em.flush();
    await this.deps.events.publish('profileChanged', { userId: user.id });
    return user;
  }

  private requireSupport(ctx: ServiceContext): void {
    const viewer = requireViewer(ctx);
    if (viewer.role !== UserRole.SUPPORT || viewer.partnerKeyId) throw forbidden('Only support staff can do this');
  }
}
