/** Shared wording and helpers of the PKI pages: status bullets, expiry, dates, file contents. */
import { formatDateTime } from '../../../../lib/format';
import { countOf, type AccentColor, type ItemName, type TableItem } from '../../../../widgets/DataTable';
import { CERTIFICATE_STATUSES, EXPIRY_WARNING_DAYS, type BulkAnswer } from '../../../../shared/contracts/pki';
import { historyOf } from '../../history/link';

/** A certificate this close to its end is flagged (amber) on the lists (the appliance's summary uses it too). */
export { EXPIRY_WARNING_DAYS };
import type { EntityColumn, EntityFilter, EntityListProps } from '../../common/entity/EntityListPage';
import type { EntityDetailSource } from '../../common/entity/useEntityDetail';
import type { CertStatus } from '../../../../shared/contracts/pki';
import type { WriteEndpoint } from '../../../../store/slices/resources.slice';

const DAY_MS = 86_400_000;

const STATUS: Record<CertStatus, { label: string; color: AccentColor }> = {
  valid: { label: 'Valid', color: 'green' },
  expired: { label: 'Expired', color: 'red' },
  not_yet_valid: { label: 'Not yet valid', color: 'grey' },
  revoked: { label: 'Revoked', color: 'red' },
};

export const statusLabel = (s: CertStatus) => STATUS[s].label;

/** The certificate states as the status filter of a list offers them (the contract's values, in words). */
export const STATUS_OPTIONS = CERTIFICATE_STATUSES.map((value) => ({ value, name: statusLabel(value) }));

/**
 * A list filter over fixed values, given as `{ value: name }` or as options:
 * `choiceFilter('kind', 'Kind', 'Any kind', { root: 'Root', intermediate: 'Intermediate' })`.
 */
export const choiceFilter = (
  name: string,
  label: string,
  any: string,
  options: Readonly<Record<string, string>> | EntityFilter['options'],
): EntityFilter => ({
  name,
  label,
  any,
  options: Array.isArray(options)
    ? options
    : Object.entries(options as Record<string, string>).map(([value, text]) => ({ value, name: text })),
});

/** What every PKI list page tells the kit the same way: rows by `id`, each opening `{detailPath}/{id}`. */
export function pkiList<T extends { id: string }>(
  spec: Pick<EntityListProps<T>, 'source' | 'title' | 'description' | 'itemName' | 'columns'> & {
    detailPath: string;
  },
): Pick<
  EntityListProps<T>,
  'source' | 'title' | 'description' | 'itemName' | 'columns' | 'rowId' | 'href' | 'history'
> {
  const { detailPath, ...rest } = spec;
  return {
    ...rest,
    rowId: (row) => row.id,
    href: (row) => `${detailPath}/${row.id}`,
    history: historyOf('pki'),
  };
}

/** The first column of a certificate or authority list: its name, its common name under it. */
export const nameColumn = <T extends { name: string; common_name: string | null }>(): EntityColumn<T> => ({
  title: 'Name',
  sort: 'name',
  width: PHONE.name,
  cell: (row) => ({ value: row.name, description: row.common_name ?? undefined }),
});

const BULK_VERBS = { delete: ['Delete', 'deleted'], revoke: ['Revoke', 'revoked'] } as const;

/**
 * The bulk actions of a PKI list (its bulk endpoint, `POST …/bulk`: `pki.casBulk`), each with what the confirmation adds, the toast from the answer's
 * `{done, refused}`, and the other lists to reload.
 */
export const pkiBulk = (
  endpoint: WriteEndpoint,
  itemName: ItemName,
  details: Partial<Record<keyof typeof BULK_VERBS, string>>,
  refresh?: string[],
) => ({
  endpoint,
  ...(refresh ? { refresh } : {}),
  summary: bulkSummary(itemName),
  actions: Object.entries(details).map(([id, detail]) => {
    const [verb, done] = BULK_VERBS[id as keyof typeof BULK_VERBS];
    return { id, verb, done, detail };
  }),
});

/** The list filter by issuing authority (its `ca_id`), over the authorities the page has loaded. */
export const authorityFilter = (authorities: ReadonlyArray<{ id: string; name: string }>): EntityFilter => ({
  name: 'ca_id',
  label: 'Authority',
  any: 'Any authority',
  options: authorities.map((a) => ({ value: a.id, name: a.name })),
});

export function statusItem(status: CertStatus): TableItem {
  return {
    value: STATUS[status].label,
    statusBullColor: STATUS[status].color,
    statusLabel: STATUS[status].label,
  };
}

export const daysLeft = (notAfter: string, now = Date.now()) =>
  Math.floor((Date.parse(notAfter) - now) / DAY_MS);

export const isPast = (iso: string, now = Date.now()) => Date.parse(iso) < now;

/** The "Expires" cell: the date, sorted by time, with a warning in the last 14 days. */
export function expiryItem(notAfter: string, now = Date.now()): TableItem {
  const left = daysLeft(notAfter, now);
  return {
    value: formatDate(notAfter),
    sortValue: Date.parse(notAfter),
    warning:
      left < 0
        ? 'Expired.'
        : left < EXPIRY_WARNING_DAYS
          ? `Expires in ${left} day${left === 1 ? '' : 's'}.`
          : undefined,
  };
}

export const formatDate = (iso: string | null | undefined) => (iso ? formatDateTime(Date.parse(iso)) : '—');

/** How a chosen file goes into a body: PEM text, base64 (PKCS#12), or PEM when it is PEM else base64 (CRLs). */
export type FileEncoding = 'text' | 'base64' | 'pem-or-base64';

/** A chosen file's content as the appliance takes it, read in the browser. */
export async function readFile(file: File, as: FileEncoding): Promise<string> {
  if (as !== 'pem-or-base64') return readAs(file, as);
  const text = await readAs(file, 'text');
  return text.includes('-----BEGIN ') ? text : readAs(file, 'base64');
}

function readAs(file: File, as: 'text' | 'base64'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.onload = () => {
      const result = String(reader.result ?? '');
      resolve(as === 'text' ? result : result.slice(result.indexOf(',') + 1));
    };
    if (as === 'text') reader.readAsText(file);
    else reader.readAsDataURL(file);
  });
}

/** Key usages (RFC 5280 §4.2.1.3) as the appliance names them → what an admin reads. */
const KEY_USAGE_LABELS: Record<string, string> = {
  digital_signature: 'Digital signature',
  non_repudiation: 'Non-repudiation (content commitment)',
  key_encipherment: 'Key encipherment',
  data_encipherment: 'Data encipherment',
  key_agreement: 'Key agreement',
  key_cert_sign: 'Certificate signing',
  crl_sign: 'CRL signing',
};

/** Extended key usages (RFC 5280 §4.2.1.12) as the appliance names them → what an admin reads. */
const EXTENDED_KEY_USAGE_LABELS: Record<string, string> = {
  server_auth: 'TLS server authentication',
  client_auth: 'TLS client authentication',
  code_signing: 'Code signing',
  email_protection: 'E-mail protection (S/MIME)',
  time_stamping: 'Time stamping',
  ocsp_signing: 'OCSP signing',
};

const labelled = (labels: Record<string, string>) => (values: readonly string[]) =>
  values.map((v) => (Object.prototype.hasOwnProperty.call(labels, v) ? labels[v] : v)).join(', ');

/** "Digital signature, Key encipherment"; a usage the console does not know (an OID) is shown as it is. */
export const keyUsageText = labelled(KEY_USAGE_LABELS);
/** "TLS server authentication, TLS client authentication"; an unknown usage (its OID) is shown as it is. */
export const extendedKeyUsageText = labelled(EXTENDED_KEY_USAGE_LABELS);

/**
 * The toast of a PKI bulk action from its answer (`{done, refused}`): "3 certificates deleted." or, when some were
 * kept, "2 certificates deleted; 1 kept: web-old (in use by …)." as a warning.
 */
export const bulkSummary =
  (itemName: ItemName) =>
  (answer: unknown, action: { done: string }): { message: string; level: 'success' | 'warning' } => {
    const { done, refused } = answer as BulkAnswer;
    const kept = refused.length
      ? `; ${refused.length} kept: ${refused.map((r) => `${r.name} (${r.reason})`).join('; ')}`
      : '';
    return {
      message: `${countOf(done.length, itemName)} ${action.done}${kept}.`,
      level: refused.length ? 'warning' : 'success',
    };
  };

/**
 * The widths of the columns a phone keeps (name, status, expiry): with the selection box (44 px) they fit the
 * 358 px a 390 px screen leaves the table, so nothing scrolls sideways; wider tables share the room out.
 */
export const PHONE = { name: 130, status: 80, expiry: 100 } as const;

/**
 * The detail page of a PKI object, described for the entity kit: headed by its name, the document title
 * "<name> · <list>", the back link to its list.
 */
export function pkiDetail<T extends { name: string }>(spec: {
  key: (id: string) => string;
  list?: string;
  noun: string;
  back: { to: string; label: string };
}): EntityDetailSource<T> {
  return {
    ...spec,
    title: (e) => e.name,
    documentTitle: (e) => `${e.name} · ${spec.back.label}`,
  };
}
