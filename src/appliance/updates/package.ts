/**
 * Update packages: a JSON envelope `{format, manifest, signature, payload}`.
 * - `manifest` is the manifest's JSON text; `signature` is the base64 Ed25519 signature of exactly those UTF-8
 *   bytes, checked against the appliance's trusted keys (`keys.ts`).
 * - `payload` is the base64 release payload; the signed manifest carries its SHA-256 and size, so the signature
 *   covers it too.
 * - Neither the envelope nor the manifest may repeat a key: `JSON.parse` keeps the last, another reader the first,
 *   so one signed text could mean two things.
 * - The manifest's `steps` are data the appliance interprets (`migrate` to a declared schema version, `switch` to
 *   the package's version): a package can never run code of its own.
 */
import crypto from 'node:crypto';
import { createAjv } from '../http/scope';
import { describeDuplicateKey, duplicateJsonKey } from '../../service-kit/jsonDuplicateKeys';
import type { TrustedKey } from './keys';

export const PACKAGE_FORMAT = 'rampart-update/1';
/** Largest package file accepted (upload or repository). */
export { PACKAGE_FILE_MAX_BYTES } from '../../shared/contracts/system';
import { PACKAGE_FILE_MAX_BYTES } from '../../shared/contracts/system';
/** The channels and the version form (the contract's). */
import {
  UPDATE_CHANNELS as CHANNELS,
  VERSION_PATTERN,
  type UpdateChannel as Channel,
} from '../../shared/contracts/system';
export { CHANNELS, VERSION_PATTERN, type Channel };

export type PackageStep = { type: 'migrate'; schema_version: number } | { type: 'switch' };

export interface Manifest {
  version: string;
  channel: Channel;
  security: boolean;
  changelog: string;
  released_at?: string;
  payload: { sha256: string; size: number };
  steps: PackageStep[];
}

export interface VerifiedPackage {
  manifest: Manifest;
  payload: Buffer;
  /** The key that signed it. */
  keyFingerprint: string;
}

/** Why a package was refused: a pydantic-style type code and a message meant for the admin. */
export class PackageError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'PackageError';
  }
}

const ajv = createAjv();

const validateEnvelope = ajv.compile<{
  format: string;
  manifest: string;
  signature?: string;
  payload: string;
}>({
  type: 'object',
  additionalProperties: false,
  required: ['format', 'manifest', 'payload'],
  properties: {
    format: { type: 'string', const: PACKAGE_FORMAT },
    manifest: { type: 'string', minLength: 2, maxLength: 256 * 1024 },
    signature: { type: 'string', maxLength: 200 },
    payload: { type: 'string', maxLength: PACKAGE_FILE_MAX_BYTES },
  },
});

const validateManifest = ajv.compile<Manifest>({
  type: 'object',
  additionalProperties: false,
  required: ['version', 'channel', 'security', 'changelog', 'payload', 'steps'],
  properties: {
    version: { type: 'string', pattern: VERSION_PATTERN },
    channel: { type: 'string', enum: [...CHANNELS] },
    security: { type: 'boolean' },
    changelog: { type: 'string', maxLength: 100_000, format: 'safe-multiline-text' },
    released_at: { type: 'string', maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}' },
    payload: {
      type: 'object',
      additionalProperties: false,
      required: ['sha256', 'size'],
      properties: {
        sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
        size: { type: 'integer', minimum: 0, maximum: PACKAGE_FILE_MAX_BYTES },
      },
    },
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: {
        oneOf: [
          {
            type: 'object',
            additionalProperties: false,
            required: ['type', 'schema_version'],
            properties: {
              type: { type: 'string', const: 'migrate' },
              schema_version: { type: 'integer', minimum: 1, maximum: 1_000_000 },
            },
          },
          {
            type: 'object',
            additionalProperties: false,
            required: ['type'],
            properties: { type: { type: 'string', const: 'switch' } },
          },
        ],
      },
    },
  },
});

export const sha256Hex = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
function decodeBase64(text: string, what: string): Buffer {
  const buf = Buffer.from(text, 'base64');
  if (!BASE64.test(text) || buf.toString('base64').replace(/=+$/, '') !== text.replace(/=+$/, ''))
    throw new PackageError('value_error.update.format', `The ${what} is not valid base64`);
  return buf;
}

const parseVersion = (v: string) => v.split('.').map(Number);
/** -1, 0 or 1 as `a` is older than, equal to or newer than `b` (x.y.z, numerically). */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  for (let i = 0; i < 3; i += 1) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0) ? 1 : -1;
  return 0;
}

/** The schema version a package migrates to (the highest `migrate` step), or `current` when it has none. */
export function targetSchema(manifest: Manifest, current: number): number {
  return manifest.steps.reduce((v, s) => (s.type === 'migrate' ? Math.max(v, s.schema_version) : v), current);
}

function checkSteps(steps: PackageStep[]): void {
  const switches = steps.filter((s) => s.type === 'switch').length;
  if (switches !== 1 || steps[steps.length - 1].type !== 'switch')
    throw new PackageError(
      'value_error.update.manifest',
      'The package must end with exactly one switch step',
    );
  let last = 0;
  for (const s of steps) {
    if (s.type !== 'migrate') continue;
    if (s.schema_version <= last)
      throw new PackageError(
        'value_error.update.manifest',
        'Migrate steps must go to increasing schema versions',
      );
    last = s.schema_version;
  }
}

/**
 * Parses and verifies a package file: envelope, signature against the trusted keys, manifest, payload checksum.
 * Throws PackageError with the first problem; nothing is written.
 */
export function verifyPackage(file: Buffer, keys: TrustedKey[]): VerifiedPackage {
  let raw: unknown;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
    raw = JSON.parse(text);
  } catch {
    throw new PackageError('value_error.update.format', 'The file is not an update package (it is not JSON)');
  }
  const envelopeDuplicate = duplicateJsonKey(text);
  if (envelopeDuplicate)
    throw new PackageError(
      'value_error.update.format',
      `The file is not a valid update package: the key ${describeDuplicateKey(envelopeDuplicate)} appears twice`,
    );
  if (!validateEnvelope(raw))
    throw new PackageError(
      'value_error.update.format',
      `The file is not an update package of format ${PACKAGE_FORMAT}`,
    );
  if (!raw.signature) throw new PackageError('value_error.update.unsigned', 'The package is not signed');
  const signature = decodeBase64(raw.signature, 'signature');
  const manifestBytes = Buffer.from(raw.manifest, 'utf8');
  const key = keys.find((k) => {
    try {
      return crypto.verify(null, manifestBytes, k.key, signature);
    } catch {
      return false;
    }
  });
  if (!key)
    throw new PackageError(
      'value_error.update.signature',
      keys.length
        ? 'The package signature does not match any trusted key'
        : 'The appliance has no trusted update keys; the package cannot be verified',
    );
  const manifestDuplicate = duplicateJsonKey(raw.manifest);
  if (manifestDuplicate)
    throw new PackageError(
      'value_error.update.manifest',
      `The signed manifest is not valid: the key ${describeDuplicateKey(manifestDuplicate)} appears twice`,
    );
  let manifest: unknown;
  try {
    manifest = JSON.parse(raw.manifest);
  } catch {
    throw new PackageError('value_error.update.manifest', 'The signed manifest is not valid JSON');
  }
  if (!validateManifest(manifest)) {
    const first = validateManifest.errors?.[0];
    throw new PackageError(
      'value_error.update.manifest',
      `The manifest is not valid${first ? `: ${first.instancePath || 'manifest'} ${first.message ?? ''}` : ''}`.trim(),
    );
  }
  checkSteps(manifest.steps);
  const payload = decodeBase64(raw.payload, 'payload');
  if (payload.length !== manifest.payload.size || sha256Hex(payload) !== manifest.payload.sha256)
    throw new PackageError('value_error.update.checksum', 'The payload does not match the signed checksum');
  return { manifest, payload, keyFingerprint: key.fingerprint };
}

/** Builds a signed package (the script and the tests use it; the appliance itself never signs). */
export function buildPackage(
  manifest: Omit<Manifest, 'payload'>,
  payload: Buffer,
  privateKey: crypto.KeyObject | null,
): Buffer {
  const text = JSON.stringify({ ...manifest, payload: { sha256: sha256Hex(payload), size: payload.length } });
  const envelope = {
    format: PACKAGE_FORMAT,
    manifest: text,
    ...(privateKey
      ? { signature: crypto.sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64') }
      : {}),
    payload: payload.toString('base64'),
  };
  return Buffer.from(JSON.stringify(envelope, null, 2));
}
