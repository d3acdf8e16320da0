import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { User } from '../users';

/**
 * One refresh token of a session "family". A token is used once: refreshing rotates it
 * (rotatedAt) and issues the next one in the same family. Presenting a used or revoked token
 * again revokes the whole family (the token was probably stolen), except a used one within a few
 * seconds of its rotation: a concurrent refresh (see REFRESH_REUSE_GRACE_MS).
 */
@Entity({ tableName: 'refresh_tokens' })
export class RefreshToken {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', index: true })
  user!: Ref<User>;

  @Property({ type: 'uuid', index: true })
  familyId!: string;

  /** SHA-256 of the token; the token itself is never stored. */
  @Property({ unique: true })
  tokenHash!: string;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  rotatedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;
}
