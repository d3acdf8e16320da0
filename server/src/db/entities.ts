import { RefreshToken } from '../features/auth/refresh-token.entity';
import { User } from '../features/users/user.entity';

/** Every entity of the application (MikroORM discovery is explicit, not by folder scan). */
export const entities = [User, RefreshToken];
