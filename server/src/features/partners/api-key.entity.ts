import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { User } from '../users';

/**
 * A partner API key. Only its SHA-256 is stored (keys are 256-bit random, so a plain hash is
 * enough); `prefix` is the first characters, for telling keys apart in a list.
 */
@Entity({ tableName: 'api_keys' })
export class ApiKey {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The partner account the key acts as. */
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', index: true })
  user!: Ref<User>;

  @Property({ length: 100 })
  name!: string;

  @Property({ length: 32 })
  prefix!: string;

  @Property({ length: 64, unique: true, hidden: true })
  keyHash!: string;

  /** Who created it: the owner, or support staff acting for them. */
  @Property({ type: 'uuid' })
  createdBy!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  expiresAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;

  @Property({ type: 'uuid', nullable: true })
  revokedBy?: string | null;
}
