import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { BookingCheckout } from '../bookings';
import { CreatePackageInput, PackageCheckoutInput, PackageType, UpdatePackageInput } from './packages.types';

/** Thin: the service holds the rules. */
@Resolver(() => PackageType)
export class PackagesResolver {
  @Query(() => [PackageType], { description: "A creator's packages on sale (the creator also sees their inactive ones)" })
  creatorPackages(@Arg('creatorId', () => ID) creatorId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.packages.listForCreator(ctx, creatorId);
  }

  @Query(() => [PackageType], { description: "The viewer's own packages" })
  myPackages(@Ctx() ctx: GraphQLContext) {
    return ctx.services.packages.mine(ctx);
  }

  @Mutation(() => PackageType)
  createPackage(@Arg('input', () => CreatePackageInput) input: CreatePackageInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.packages.create(ctx, input);
  }

  @Mutation(() => PackageType)
  updatePackage(@Arg('id', () => ID) id: string, @Arg('input', () => UpdatePackageInput) input: UpdatePackageInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.packages.update(ctx, id, input);
  }

  @Mutation(() => BookingCheckout, { description: 'Buys a package: holds its hours (or its due date) and opens the payment, like an hourly checkout' })
  checkoutPackage(@Arg('input', () => PackageCheckoutInput) input: PackageCheckoutInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.packages.checkout(ctx, input);
  }
}
