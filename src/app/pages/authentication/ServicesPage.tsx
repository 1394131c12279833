/**
 * /authentication/services: the appliance's services (console, SSH, API) and the providers each authenticates
 * against, in fallback order, on the entity list; each name links to the service's page where the order is
 * changed. Below, who may sign up with the identity service (SignupSection).
 */
import { servicesQuery } from '../../../shared/contracts/authentication';
import { EntityListPage, type EntityColumn } from '../common/entity/EntityListPage';
import type { ListSource } from '../common/entity/listQuery';
import { SignupSection } from './SignupSection';
import { SERVICES_KEY } from './resources';
import type { AuthService } from '../../../shared/contracts/authentication';
import { historyOf } from '../history/link';

export const SERVICES_TITLE = 'Services';

/** Without a sort the appliance keeps its own order: console, SSH, API. */
export const SERVICES_LIST: ListSource = { resource: SERVICES_KEY, query: servicesQuery };

const COLUMNS: ReadonlyArray<EntityColumn<AuthService>> = [
  { title: 'Service', sort: 'name', width: 140, cell: (s) => ({ value: s.name }) },
  { title: 'What', priority: 2, cell: (s) => ({ value: s.description }) },
  {
    title: 'Providers in order',
    sort: 'providers',
    cell: (s) => ({
      value: s.providers.map((p, i) => `${i + 1}. ${p.name}${p.enabled ? '' : ' (disabled)'}`).join('  '),
    }),
  },
];

export function ServicesPage() {
  return (
    <EntityListPage<AuthService>
      history={historyOf('authentication')}
      source={SERVICES_LIST}
      title={SERVICES_TITLE}
      description="Which providers each service asks, in order: the first provider that knows the account decides."
      itemName={{ one: 'service', other: 'services' }}
      columns={COLUMNS}
      rowId={(s) => s.id}
      href={(s) => `/authentication/services/${s.id}`}
      canWrite={false}
      emptyMessage="No services."
    >
      <SignupSection />
    </EntityListPage>
  );
}
