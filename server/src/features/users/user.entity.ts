import { randomUUID } from 'node:crypto';
import { Entity, Enum, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { AccountType, UserRole } from '../../platform/auth/roles';

export { AccountType, UserRole };

@ObjectType({ description: 'A signed-up account' })
@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?: 'role' | 'warningCount' | 'createdAt' | 'updatedAt' | 'emailVerified';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** citext + unique index: unique case-insensitively, stored as typed. */
  @Field()
  @Property({ columnType: 'citext', unique: true })
  email!: string;

  @Property({ hidden: true, lazy: true })
  passwordHash!: string;

  @Field(() => AccountType)
  @Enum({ items: () => AccountType })
  accountType!: AccountType;

  @Field(() => UserRole)
  @Enum({ items: () => UserRole })
  role: UserRole = UserRole.USER;

  /** Warnings issued by support (each one is also recorded with its reason). */
  @Property()
  warningCount: number = 0;

  @Property({ type: 'datetime', nullable: true })
  suspendedAt?: Date | null;

  /** When the owner proved the address is theirs (the e-mailed link); null until then. */
  @Property({ type: 'datetime', nullable: true })
  emailVerifiedAt?: Date | null;

  @Field(() => Boolean, { description: 'Whether the owner confirmed the e-mail address (the link e-mailed at sign-up)' })
  get emailVerified(): boolean {
    return this.emailVerifiedAt != null;
  }

  @Field()
  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
