/**
 * Storage access of the identity service, one module per entity (identities, credentials, addresses, sessions,
 * flows, codes, errors; the courier's queue is courier.ts). Rows in, typed records out; stored credentials are
 * checked when read (storedCredentials.ts). Statements are literal SQL: src/storage/sqlite.ts caches `db.prepare`
 * per SQL text, so each is prepared once per connection without a cache here.
 *
 * IdentityRepo gathers the tables' methods so the flows keep one `ctx.repo`.
 */
import type { Db } from '../../storage/sqlite';
import { IdentityTable } from './identities';
import { CredentialTable } from './credentials';
import { AddressTable } from './addresses';
import { SessionTable } from './sessions';
import { FlowTable } from './flows';
import { CodeTable } from './codes';
import { ErrorTable } from './errors';

export * from './records';
export { IdentityTable } from './identities';
export { CredentialTable, type OidcCredential } from './credentials';
export { AddressTable } from './addresses';
export { SessionTable } from './sessions';
export { FlowTable } from './flows';
export { CodeTable } from './codes';
export { ErrorTable } from './errors';

export class IdentityRepo {
  readonly createIdentity: IdentityTable['createIdentity'];
  readonly createOidcIdentity: IdentityTable['createOidcIdentity'];
  readonly getIdentity: IdentityTable['getIdentity'];
  readonly updateEmail: IdentityTable['updateEmail'];
  readonly emailTaken: IdentityTable['emailTaken'];
  readonly findPasswordCredential: CredentialTable['findPasswordCredential'];
  readonly getCredential: CredentialTable['getCredential'];
  readonly setCredential: CredentialTable['setCredential'];
  readonly deleteCredential: CredentialTable['deleteCredential'];
  readonly setPasswordHash: CredentialTable['setPasswordHash'];
  readonly findOidcIdentity: CredentialTable['findOidcIdentity'];
  readonly linkOidc: CredentialTable['linkOidc'];
  readonly unlinkOidc: CredentialTable['unlinkOidc'];
  readonly verifiableAddresses: AddressTable['verifiableAddresses'];
  readonly findVerifiableAddress: AddressTable['findVerifiableAddress'];
  readonly markAddressSent: AddressTable['markAddressSent'];
  readonly markAddressVerified: AddressTable['markAddressVerified'];
  readonly recoveryAddresses: AddressTable['recoveryAddresses'];
  readonly findRecoveryAddress: AddressTable['findRecoveryAddress'];
  readonly createSession: SessionTable['createSession'];
  readonly sessionByTokenHash: SessionTable['sessionByTokenHash'];
  readonly sessionByLogoutToken: SessionTable['sessionByLogoutToken'];
  readonly logoutToken: SessionTable['logoutToken'];
  readonly updateSessionAuth: SessionTable['updateSessionAuth'];
  readonly revokeSession: SessionTable['revokeSession'];
  readonly touchSession: SessionTable['touchSession'];
  readonly revokeOtherSessions: SessionTable['revokeOtherSessions'];
  readonly insertFlow: FlowTable['insertFlow'];
  readonly getFlow: FlowTable['getFlow'];
  readonly saveFlow: FlowTable['saveFlow'];
  readonly pruneFlows: FlowTable['pruneFlows'];
  readonly insertCode: CodeTable['insertCode'];
  readonly consumeCode: CodeTable['consumeCode'];
  readonly retireCodes: CodeTable['retireCodes'];
  readonly insertError: ErrorTable['insertError'];
  readonly getError: ErrorTable['getError'];

  constructor(readonly db: Db) {
    const identities = new IdentityTable(db);
    this.createIdentity = identities.createIdentity.bind(identities);
    this.createOidcIdentity = identities.createOidcIdentity.bind(identities);
    this.getIdentity = identities.getIdentity.bind(identities);
    this.updateEmail = identities.updateEmail.bind(identities);
    this.emailTaken = identities.emailTaken.bind(identities);
    const credentials = new CredentialTable(db);
    this.findPasswordCredential = credentials.findPasswordCredential.bind(credentials);
    this.getCredential = credentials.getCredential.bind(credentials);
    this.setCredential = credentials.setCredential.bind(credentials);
    this.deleteCredential = credentials.deleteCredential.bind(credentials);
    this.setPasswordHash = credentials.setPasswordHash.bind(credentials);
    this.findOidcIdentity = credentials.findOidcIdentity.bind(credentials);
    this.linkOidc = credentials.linkOidc.bind(credentials);
    this.unlinkOidc = credentials.unlinkOidc.bind(credentials);
    const addresses = new AddressTable(db);
    this.verifiableAddresses = addresses.verifiableAddresses.bind(addresses);
    this.findVerifiableAddress = addresses.findVerifiableAddress.bind(addresses);
    this.markAddressSent = addresses.markAddressSent.bind(addresses);
    this.markAddressVerified = addresses.markAddressVerified.bind(addresses);
    this.recoveryAddresses = addresses.recoveryAddresses.bind(addresses);
    this.findRecoveryAddress = addresses.findRecoveryAddress.bind(addresses);
    const sessions = new SessionTable(db);
    this.createSession = sessions.createSession.bind(sessions);
    this.sessionByTokenHash = sessions.sessionByTokenHash.bind(sessions);
    this.sessionByLogoutToken = sessions.sessionByLogoutToken.bind(sessions);
    this.logoutToken = sessions.logoutToken.bind(sessions);
    this.updateSessionAuth = sessions.updateSessionAuth.bind(sessions);
    this.revokeSession = sessions.revokeSession.bind(sessions);
    this.touchSession = sessions.touchSession.bind(sessions);
    this.revokeOtherSessions = sessions.revokeOtherSessions.bind(sessions);
    const flows = new FlowTable(db);
    this.insertFlow = flows.insertFlow.bind(flows);
    this.getFlow = flows.getFlow.bind(flows);
    this.saveFlow = flows.saveFlow.bind(flows);
    this.pruneFlows = flows.pruneFlows.bind(flows);
    const codes = new CodeTable(db);
    this.insertCode = codes.insertCode.bind(codes);
    this.consumeCode = codes.consumeCode.bind(codes);
    this.retireCodes = codes.retireCodes.bind(codes);
    const errors = new ErrorTable(db);
    this.insertError = errors.insertError.bind(errors);
    this.getError = errors.getError.bind(errors);
  }
}
