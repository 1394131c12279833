/**
 * Write routes that never change the appliance's configuration, and why: the capture hook reads no section for them,
 * and the revisions test (test/appliance/revisions/coverage.test.ts) accepts that they record none. Every other write
 * route of the API must change a section when it succeeds. Keys are `METHOD path` with the path under the API base
 * (`{auth}` for the local-auth base, `/eos` for streams).
 */
export const EXEMPT_WRITES: Record<string, string> = {
  'POST {auth}/login': 'sign-in: a session, not configuration (sign-in history and audit log)',
  'POST {auth}/login/webauthn': 'sign-in with a security key: a session, not configuration',
  'POST {auth}/change_password':
    'an account changes its own password: a credential, kept out of revisions (audit log, sign-in flow)',
  'POST {auth}/logout': 'ends a session',
  'POST {auth}/token': 'issues an API token (a session)',
  'POST {auth}/internal/ssh-auth': 'the SSH helper checks a password: a sign-in, not a change',
  'POST {auth}/session/extend': 'keeps a session alive',
  'POST {auth}/reauth': 're-authentication: refreshes a session',
  'DELETE {auth}/lockouts/:name': 'lifts a lock: runtime counters, not the policy (audited)',
  'DELETE {auth}/lockouts/source/:address': 'forgets an address’s failures: runtime counters (audited)',
  'POST /users/me/ack-messages': 'acknowledges a message (message acceptances keep it)',
  'POST /users/me/second-factors/webauthn/options':
    'starts a security-key ceremony; nothing is stored until the key is (recorded then)',
  'DELETE /users/:id/sessions': 'ends sessions: runtime state (audited)',
  'POST /users/lockout-simulation': 'replays the sign-in history against a policy; changes nothing',
  'POST /authentication/providers/test': 'the test bench tries a provider for real and stores nothing',
  'POST /logs': 'log ingestion: log entries are data, not configuration',
  'POST /jobs':
    'the apply-configuration job applies what was saved (each save is its revision); its snapshot is in config_revisions',
  'POST /dns/proxy/apply':
    'applies the saved DNS configuration: each save was its revision; the job is in the log',
  'POST /ssh/config/apply':
    'applies the saved SSH configuration: each save was its revision; the job is in the log',
  'POST /network/preferences/apply': 'applies the saved preferences: each save was its revision',
  'POST /apply/confirmations/:id/confirm':
    'keeps a change already recorded when it was saved (the revert, which changes it back, is recorded)',
  'POST /dns/proxy/service/start': 'starts the daemon: runtime state, not configuration (audited)',
  'POST /dns/proxy/service/stop': 'stops the daemon: runtime state (audited)',
  'POST /dns/proxy/service/restart': 'restarts the daemon: runtime state (audited)',
  'POST /ssh/service/start': 'starts the daemon: runtime state (audited)',
  'POST /ssh/service/stop': 'stops the daemon: runtime state (audited)',
  'POST /ssh/service/restart': 'restarts the daemon: runtime state (audited)',
  'POST /fleet/service/start': 'starts the daemon: runtime state (audited)',
  'POST /fleet/service/stop': 'stops the daemon: runtime state (audited)',
  'POST /fleet/service/restart': 'restarts the daemon: runtime state (audited)',
  'POST /fleet/appliances':
    'adds an appliance with a one-time enrolment code: a credential and membership, not configuration (its history and the audit log)',
  'DELETE /fleet/appliances/:id':
    'removes an appliance by revoking its certificate: key material and membership (its history, the CRL and the audit log)',
  'POST /fleet/appliances/bulk': 'removes appliances (as one removal each: history, CRL, audit log)',
  'PUT /fleet/groups/:group/document':
    'the desired document of a group of other appliances, versioned by its own revision number with who and when (fleet_groups) and audited; this console’s own configuration does not change',
  'POST /fleet/groups/:group/plan': 'asks the group’s appliances for their plans: changes nothing',
  'POST /fleet/join':
    'joins a fleet: this appliance’s own key and certificate, not configuration (audit log)',
  'POST /dns/dynamic/accounts/:id/update':
    'updates the provider now: the last result is state, not configuration',
  'POST /updates/check': 'reads the repository: which packages are available is state',
  'POST /updates/packages': 'stores an update package: an artifact, not configuration',
  'POST /updates/apply': 'installs a version: the update history records it',
  'POST /updates/rollback': 'returns to the previous version: the update history records it',
  'POST /pki/certificates/:id/export': 'a download (PKCS#12 with a passphrase): changes nothing',
  'POST /config/plan': 'plans a configuration document: changes nothing',
  'PUT /config':
    'records its own revision (revisions/apply.ts: one for the whole document, with the job that applies it)',
  'POST /revisions/:id/revert':
    'records its own revision, method `restore`, "Revert of #id" (revisions/apply.ts; test/appliance/revisions/apply.test.ts)',
  'POST /revisions/:id/restore':
    'records its own revision, method `restore`, "Restore as of #id" (revisions/apply.ts; test/appliance/revisions/apply.test.ts)',
  'POST /alerts/evaluate': 'checks the alert conditions now: alert state, not configuration',
  'POST /alerts/channels/:id/test': 'sends a test message: a delivery in the channel log, not a change',
  'POST /forwarding/targets/:id/test': 'queues a test message to a syslog target: a log record, not a change',
  'POST /alerts/acknowledge/:id': 'acknowledges a rollback alert: alert state, not configuration (audited)',
  'POST /alerts/notifications/read':
    'marks an account’s notifications read: its own state, not configuration',
  'POST /backups/export': 'a download (the encrypted archive): changes nothing (audited)',
  'POST /backups/restore/plan': 'plans a restore: changes nothing',
  'POST /backups/restore':
    'records its own revision (method restore) of every section the archive changed, after the databases are swapped',
  'POST /backups/fingerprint': 'fetches an SFTP server’s host key to show it: stores nothing',
  'POST /backups/run': 'backs up now: a job; the run history is state, not configuration',
  'POST /backups/restores/:id/keep': 'keeps a restore already recorded as its revision (audited)',
  'POST /backups/restores/:id/revert':
    'puts back the state before a restore and records that as its own revision (the restore rollback)',
};

/** Writes that record their own revision (a whole document at once): they take the `X-Change-Reason` header too. */
export const SELF_RECORDING: ReadonlySet<string> = new Set([
  'PUT /config',
  'POST /revisions/:id/revert',
  'POST /revisions/:id/restore',
]);
