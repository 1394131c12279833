/**
 * /authentication/providers: where accounts come from — the built-in local accounts, LDAP / Active Directory
 * directories and OpenID Connect providers — with their state, on the entity list; each name links to its page and
 * the Add buttons open the form of a new directory or provider.
 */
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { providersQuery } from '../../../shared/contracts/authentication';
import { EntityListPage, type EntityColumn } from '../common/entity/EntityListPage';
import type { ListSource } from '../common/entity/listQuery';
import { useIsAdmin } from '../../../store/usePrivilege';
import { PROVIDERS_KEY } from './resources';
import type { Provider } from '../../../shared/contracts/authentication';
import { historyOf } from '../history/link';

export const PROVIDERS_TITLE = 'Providers';

export const PROVIDERS_LIST: ListSource = {
  resource: PROVIDERS_KEY,
  query: providersQuery,
  defaultSort: 'name',
};

export const PROVIDER_TYPE_NAMES: Record<Provider['type'], string> = {
  local: 'Local accounts',
  ldap: 'LDAP / Active Directory',
  oidc: 'OpenID Connect',
};

export const providerServer = (p: Provider): string => p.ldap?.url ?? p.oidc?.issuer ?? 'this appliance';

/** A provider that would send a secret it has not got (its deletion was reverted: a secret is never stored). */
export const secretMissing = (p: Provider): boolean =>
  (!!p.ldap && p.ldap.bind_dn.trim() !== '' && !p.ldap.has_bind_password) ||
  (!!p.oidc && !p.oidc.has_client_secret);

/** Enabled, disabled, or disabled until its secret is entered again. */
export const providerStatus = (p: Provider): string =>
  p.enabled ? 'Enabled' : secretMissing(p) ? 'Needs its secret' : 'Disabled';

const COLUMNS: ReadonlyArray<EntityColumn<Provider>> = [
  { title: 'Name', sort: 'name', cell: (p) => ({ value: p.name }) },
  {
    title: 'Type',
    sort: 'type',
    width: 190,
    priority: 2,
    cell: (p) => ({ value: PROVIDER_TYPE_NAMES[p.type] }),
  },
  { title: 'Server', priority: 3, cell: (p) => ({ value: providerServer(p) }) },
  {
    title: 'Status',
    sort: 'enabled',
    width: 120,
    cell: (p) => ({
      value: providerStatus(p),
      statusBullColor: p.enabled ? 'green' : 'red',
      statusLabel: providerStatus(p),
    }),
  },
  {
    title: 'Changed',
    sort: 'updated_at',
    width: 170,
    priority: 3,
    cell: (p) => ({ value: p.updated_at ? formatDateTime(p.updated_at) : '—' }),
  },
];

export function ProvidersPage() {
  const navigate = useNavigate();
  // Providers decide who signs in: only admins add them (the appliance refuses anyone else).
  const isAdmin = useIsAdmin();
  return (
    <EntityListPage<Provider>
      history={historyOf('authentication')}
      source={PROVIDERS_LIST}
      title={PROVIDERS_TITLE}
      description="Where accounts come from: the appliance's own accounts, directories (LDAP, Active Directory) and OpenID Connect providers. Test a provider from its page before saving it."
      itemName={{ one: 'provider', other: 'providers' }}
      columns={COLUMNS}
      rowId={(p) => String(p.id)}
      href={(p) => `/authentication/providers/${p.id}`}
      filters={[
        {
          name: 'type',
          label: 'Type',
          any: 'Any type',
          options: Object.entries(PROVIDER_TYPE_NAMES).map(([value, name]) => ({ value, name })),
        },
      ]}
      canWrite={isAdmin}
      primaryButton={{
        label: 'Add LDAP directory',
        disabled: !isAdmin,
        onClick: () => void navigate('/authentication/providers/new?type=ldap'),
      }}
      secondaryButton={{
        label: 'Add OpenID provider',
        disabled: !isAdmin,
        onClick: () => void navigate('/authentication/providers/new?type=oidc'),
      }}
      emptyMessage="No providers."
    />
  );
}
