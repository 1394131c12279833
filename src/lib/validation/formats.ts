/**
 * The §5 validators as JSON Schema `format`s, so a contract (src/shared/contracts) can say `Type.String({ format:
 * 'ip-address' })` and both sides check it with the same predicate: the appliance's Ajv registers every format of
 * this table (src/appliance/http/scope.ts `createAjv`), its error items take `type` and `msg` from here
 * (http/errors.ts), and a console form derives its field rules from the same schema (`rulesOf`,
 * src/app/forms/contractRules.ts) through `validators`, the §5 widget validators whose OR is the same predicate.
 */
import { hostBitsProblem } from './subnet';
import { isFqdn, isHostname, isIpAddress, isSubnet, isWildcard, type ValidatorType } from './validators';

/** A network as a field stores it: §5 subnet and no host bits (`10.1.2.3/24` is refused, naming `10.1.2.0/24`). */
const isStoredNetwork = (v: string): boolean => isSubnet(v) && hostBitsProblem(v) === null;

export interface SchemaFormat {
  /** The predicate (one of §5's). */
  check: (value: string) => boolean;
  /** The §5 validators a form field uses for it (any one accepts: their OR is `check`). */
  validators: readonly ValidatorType[];
  /** The pydantic-style error item's type and message. */
  type: string;
  message: (value: unknown) => string;
}

export const SCHEMA_FORMATS = {
  /** An IPv4 or IPv6 address, without brackets, port or zone. */
  'ip-address': {
    check: isIpAddress,
    validators: ['ip', 'ipv6'],
    type: 'value_error.ip',
    message: () => 'value is not a valid IPv4 or IPv6 address',
  },
  /** A fully qualified domain name (two labels at least). */
  fqdn: {
    check: isFqdn,
    validators: ['fqdn'],
    type: 'value_error.fqdn',
    message: () => 'value is not a valid fully qualified domain name',
  },
  /** One host name label, or `*` for every name of a domain. */
  'host-label-or-wildcard': {
    check: (v) => isHostname(v) || isWildcard(v),
    validators: ['hostname', 'wildcard'],
    type: 'value_error.hostname',
    message: () => 'value must be a host name or * for every name of the domain',
  },
  /**
   * A field that stores an IPv4 network (the DNS access lists): `address/prefix` by §5 subnet, and without host bits.
   * A form takes the §5 validator from here and adds the host-bits rule with `hostBitsProblem`, the same message.
   */
  'ipv4-subnet': {
    check: isStoredNetwork,
    validators: ['subnet'],
    type: 'value_error.subnet',
    // The one host-bits rule of every CIDR field names the network meant (`10.0.0.1/8` → `10.0.0.0/8`).
    message: (v) =>
      (typeof v === 'string' ? hostBitsProblem(v) : null) ??
      'value is not a valid IPv4 network (address/prefix)',
  },
} satisfies Record<string, SchemaFormat>;

/** The `hex-color` format: `#` and 3, 6 or 8 hex digits (the appliance's Ajv and the layout form check it). */
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

export type SchemaFormatName = keyof typeof SCHEMA_FORMATS;

export const schemaFormat = (name: string): SchemaFormat | undefined =>
  (SCHEMA_FORMATS as Record<string, SchemaFormat>)[name];
