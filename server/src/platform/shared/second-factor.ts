/**
 * The fresh second-factor check of a sensitive action (changing payout details, creating API keys
 * or webhook endpoints, changing the e-mail): `services.auth.requireFreshSecondFactor`, handed to a
 * feature's service by its module. Resolves when the account has no two-step sign-in or `code` is a
 * current TOTP code; else throws TWO_FACTOR_REQUIRED.
 */
export type SecondFactorCheck = (userId: string, code: unknown) => Promise<void>;
