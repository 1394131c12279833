/**
 * /authentication/providers: where accounts come from — the built-in local accounts, LDAP / Active Directory
 * directories and OpenID Connect providers — with their state; Add opens the form of a new directory or provider.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { DataTable, type TableRow } from '../../../widgets/DataTable';
import { PageHeader } from '../../../widgets/PageHeader';
import { useResource } from '../../../store/useResource';
import { useIsAdmin } from '../../../store/usePrivilege';
import { PROVIDERS_KEY, type Provider } from './types';
import '../common/config/config.css';
import { ArrowRightIcon } from '../../../widgets/icons';

export const PROVIDERS_TITLE = 'Providers';

export const PROVIDER_TYPE_NAMES: Record<Provider['type'], string> = {
  local: 'Local accounts',
  ldap: 'LDAP / Active Directory',
  oidc: 'OpenID Connect',
};

const LEGEND = [
  { title: 'Name' },
  { title: 'Type', width: 190 },
  { title: 'Server' },
  { title: 'Status', width: 110 },
  { title: 'Changed', width: 170 },
];

export const providerServer = (p: Provider): string => p.ldap?.url ?? p.oidc?.issuer ?? 'this appliance';

export function ProvidersPage() {
  const { data, status } = useResource<{ data: Provider[] }>(PROVIDERS_KEY);
  const navigate = useNavigate();
  // Providers decide who signs in: only admins add them (the appliance refuses anyone else).
  const isAdmin = useIsAdmin();
  useEffect(() => {
    document.title = `${PROVIDERS_TITLE} · Rampart`;
  }, []);
  const rows: TableRow[] = (data?.data ?? []).map((p) => ({
    id: String(p.id),
    items: [
      { value: p.name },
      { value: PROVIDER_TYPE_NAMES[p.type] },
      { value: providerServer(p) },
      { value: p.enabled ? 'Enabled' : 'Disabled', statusBullColor: p.enabled ? 'green' : 'red' },
      { value: p.updated_at ? formatDateTime(p.updated_at) : '—', sortValue: p.updated_at },
    ],
    actions: [{ id: 'open', value: 'Open', icon: <ArrowRightIcon /> }],
  }));
  return (
    <section className="page config-page" aria-label={PROVIDERS_TITLE}>
      <PageHeader
        title={PROVIDERS_TITLE}
        actionDescription="Where accounts come from: the appliance's own accounts, directories (LDAP, Active Directory) and OpenID Connect providers. Test a provider from its page before saving it."
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
      />
      <section className="config-section" aria-label="Identity providers">
        <DataTable
          caption="Identity providers"
          legend={LEGEND}
          rows={rows}
          loading={status === 'loading'}
          searchLabel="Search providers"
          emptyMessage="No providers."
          onRowAction={(rowId, action) => {
            if (action === 'open') void navigate(`/authentication/providers/${rowId}`);
          }}
        />
      </section>
    </section>
  );
}
