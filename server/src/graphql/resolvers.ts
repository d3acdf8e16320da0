import type { NonEmptyArray } from 'type-graphql';
import { AuthResolver } from '../features/auth/auth.resolver';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [AuthResolver];
