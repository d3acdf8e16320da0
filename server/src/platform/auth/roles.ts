import { registerEnumType } from 'type-graphql';

/** What an account is and may do: the vocabulary access tokens and the request's viewer carry (the User entity lives in features/users). */
export enum AccountType {
  CREATOR = 'creator',
  BRAND = 'brand',
}

export enum UserRole {
  USER = 'user',
  SUPPORT = 'support',
}

registerEnumType(AccountType, { name: 'AccountType', description: 'creator (also called streamer) or brand' });
registerEnumType(UserRole, { name: 'UserRole', description: 'support staff mediate disputes' });
