/**
 * The authentication area's contract, one module per topic, each read top to bottom as its schemas and then its
 * endpoints: local accounts (users.ts), groups, identity providers (LDAP, OpenID Connect), the services that sign
 * people in, the self-service sign-up policy, the lockout policy with its simulator and lock queue, the session's
 * lifetime, signing in, and the signed-in account's own endpoints (myAccount.ts, securityKeys.ts). Each request's
 * params, query and body and each answer is a TypeBox schema; the appliance validates with it and both sides use its
 * `Static<>` type (see ../README.md). Callers import from here.
 */
export { idParams, type IdParams } from './shared';
export * from './users';
export * from './myAccount';
export * from './groups';
export * from './providers';
export * from './services';
export * from './signup';
export * from './lockout';
export * from './session';
export * from './signIn';
export * from './securityKeys';
