import { defineModule } from '../../platform/module';
import { User } from './user.entity';

export { assertEmailVerified, emailNotVerified, emailVerifiedSql } from './email-verified';

/** Accounts (a booker, a creator, support staff); signing in is the auth module's. */
export const usersModule = defineModule({ name: 'users', entities: [User] });

// The front door: what other features use of this one.
export { AccountType, User, UserRole } from './user.entity';
export { presentUser } from './user.presenter';

// The front door: what other features use of this one.
export { publicNameOf, publicNameSql } from './public-name';
