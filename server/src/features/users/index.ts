import { defineModule } from '../../platform/module';
import { User } from './user.entity';

/** Accounts (a booker, a creator, support staff); signing in is the auth module's. */
export const usersModule = defineModule({ name: 'users', entities: [User] });
