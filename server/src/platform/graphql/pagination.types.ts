import { Directive, Field, ObjectType } from 'type-graphql';
import { INHERIT_HINT } from './cache-policy';

/** Relay page info shared by every connection type. */
@Directive(INHERIT_HINT)
@ObjectType('PageInfo', { simpleResolvers: true })
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Pass as `after` to get the next page' })
  endCursor!: string | null;
}
