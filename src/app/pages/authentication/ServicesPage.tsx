/**
 * /authentication/services: the appliance's services (console, SSH, API) and the providers each authenticates
 * against, in fallback order; each row opens the service's page where the order is changed. Below, who may sign up
 * with the identity service (SignupSection).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type TableRow } from '../../../widgets/DataTable';
import { PageHeader } from '../../../widgets/PageHeader';
import { useResource } from '../../../store/useResource';
import { SignupSection } from './SignupSection';
import { SERVICES_KEY, type AuthService } from './types';
import '../common/config/config.css';
import { ArrowRightIcon } from '../../../widgets/icons';

export const SERVICES_TITLE = 'Services';

export function ServicesPage() {
  const { data, status } = useResource<{ data: AuthService[] }>(SERVICES_KEY);
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${SERVICES_TITLE} · Rampart`;
  }, []);
  const rows: TableRow[] = (data?.data ?? []).map((s) => ({
    id: s.id,
    items: [
      { value: s.name },
      { value: s.description },
      { value: s.providers.map((p, i) => `${i + 1}. ${p.name}${p.enabled ? '' : ' (disabled)'}`).join('  ') },
    ],
    actions: [{ id: 'open', value: 'Open', icon: <ArrowRightIcon /> }],
  }));
  return (
    <section className="page config-page" aria-label={SERVICES_TITLE}>
      <PageHeader
        title={SERVICES_TITLE}
        actionDescription="Which providers each service asks, in order: the first provider that knows the account decides."
      />
      <section className="config-section" aria-label="Services and their providers">
        <DataTable
          caption="Services"
          legend={[{ title: 'Service', width: 120 }, { title: 'What' }, { title: 'Providers in order' }]}
          rows={rows}
          loading={status === 'loading'}
          searchLabel="Search services"
          emptyMessage="No services."
          onRowAction={(rowId, action) => {
            if (action === 'open') void navigate(`/authentication/services/${rowId}`);
          }}
        />
      </section>
      <SignupSection />
    </section>
  );
}
