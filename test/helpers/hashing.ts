/**
 * The member service of a test hashes passwords at the smallest argon2id cost
 * (PASSWORD_HASH_COST=test-only, server/member-service/security/passwords.ts): hashing is not
 * what most tests are about, and at production cost it is most of their CPU. Tests about hashing
 * pass `passwordHashCost: 'production'`; test/member-service/passwords.test.ts proves
 * the production default.
 */
export const TEST_HASHING = { PASSWORD_HASH_COST: 'test-only' } as const;
