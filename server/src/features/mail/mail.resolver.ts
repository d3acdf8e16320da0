import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { NotificationPreferencesType, UpdateNotificationPreferencesInput } from './mail.types';

@Resolver()
export class MailResolver {
  @Query(() => NotificationPreferencesType, { description: "The viewer's e-mail switches per notification kind and the zone e-mails use" })
  notificationPreferences(@Ctx() ctx: GraphQLContext) {
    return ctx.services.mailPreferences.get(ctx);
  }

  @Mutation(() => NotificationPreferencesType, { description: 'Turn e-mail per kind on or off (payments and disputes stay on), or set the zone' })
  updateNotificationPreferences(@Arg('input', () => UpdateNotificationPreferencesInput) input: UpdateNotificationPreferencesInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.mailPreferences.update(ctx, { kinds: input.kinds ?? undefined, timeZone: input.timeZone ?? undefined } as Record<string, unknown>);
  }
}
