/**
 * The configuration of the fleet's embedded `nats-server` (Debian's 2.9: only what that version has). Clients are
 * known by their certificate alone — mutual TLS against the Fleet CA, the certificate's subject mapped to a user
 * (`verify_and_map`) — and each user is held to its permissions (subjects.ts). An appliance removed from the fleet
 * is no longer a user: the server closes its connection when it reloads this file and refuses it from then on.
 */
import { appliancePermissions, applianceIdentity, MANAGER_IDENTITY, type Permissions } from './subjects';

export interface NatsServerConfig {
  /** Stable across restarts: JetStream keeps its state under it. */
  serverName: string;
  host: string;
  port: number;
  /** The JetStream store (in the data directory). */
  storeDir: string;
  tls: { certFile: string; keyFile: string; caFile: string };
  /** The enrolled appliances allowed in. */
  appliances: readonly string[];
  /** The largest message the server takes (a state record, an event, a plan's answer). */
  maxPayloadBytes: number;
  /** Bounds of the JetStream store. */
  maxFileStoreBytes: number;
  maxMemoryStoreBytes: number;
  /** Where the server writes its pid (the service manager finds a server left by a console that died). */
  pidFile?: string;
}

/** A value as the NATS configuration format reads it: a double-quoted string with JSON's escapes. */
const q = (value: string) => JSON.stringify(value);

function permissionsBlock(p: Permissions, indent: string): string {
  const list = (xs: string[]) => `[${xs.map(q).join(', ')}]`;
  const lines = [
    `publish: { allow: ${list(p.publish.allow)} }`,
    `subscribe: { allow: ${list(p.subscribe.allow)} }`,
    ...(p.allow_responses
      ? [`allow_responses: { max: ${p.allow_responses.max}, expires: ${q(p.allow_responses.expires)} }`]
      : []),
  ];
  return `{\n${lines.map((l) => `${indent}  ${l}`).join('\n')}\n${indent}}`;
}

export function renderNatsConfig(c: NatsServerConfig): string {
  const users = [
    // The managing console: the JetStream API, every appliance's subjects.
    `    { user: ${q(MANAGER_IDENTITY)} }`,
    ...[...c.appliances]
      .sort()
      .map(
        (id) =>
          `    { user: ${q(applianceIdentity(id))}, permissions: ${permissionsBlock(appliancePermissions(id), '    ')} }`,
      ),
  ];
  return [
    '# Written by Rampart (the fleet): changes here are overwritten.',
    `server_name: ${q(c.serverName)}`,
    `host: ${q(c.host)}`,
    `port: ${c.port}`,
    `max_payload: ${c.maxPayloadBytes}`,
    ...(c.pidFile ? [`pid_file: ${q(c.pidFile)}`] : []),
    'jetstream {',
    `  store_dir: ${q(c.storeDir)}`,
    `  max_file_store: ${c.maxFileStoreBytes}`,
    `  max_memory_store: ${c.maxMemoryStoreBytes}`,
    '}',
    'tls {',
    `  cert_file: ${q(c.tls.certFile)}`,
    `  key_file: ${q(c.tls.keyFile)}`,
    `  ca_file: ${q(c.tls.caFile)}`,
    '  verify_and_map: true',
    '  timeout: 5',
    '}',
    'authorization {',
    '  users = [',
    ...users,
    '  ]',
    '}',
    '',
  ].join('\n');
}
