/**
 * /system/fleet (System → Fleet): the calm summary band (fleet/summary), the appliances on the entity list (paged,
 * sorted, searched and filtered on the server, the query in the address), bulk remove confirmed by count, "Add
 * appliance" with its one-time code shown once; under it the fleet settings with the embedded nats-server's
 * controls, and "Join a fleet" with the membership once joined (both admins only). Every name, group and version
 * an appliance gives is rendered as text.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Type } from '@sinclair/typebox';
import { stringEnum } from '../../../../shared/contracts/fields';
import { listQuery } from '../../../../shared/contracts/listing';
import {
  APPLIANCE_STATES,
  LIST_PRESENCES,
  bulkFleetAppliances,
  type FleetAppliance,
  type FleetMembershipView,
  type FleetSettingsAnswer,
  type FleetSummary,
} from '../../../../shared/contracts/fleetEnrolment';
import { useAppDispatch } from '../../../../store/createStore';
import { fieldErrorsCleared } from '../../../../store/slices/fieldErrors.slice';
import { useResource } from '../../../../store/useResource';
import { useIsAdmin } from '../../../../store/usePrivilege';
import type { TableItem } from '../../../../widgets/DataTable';
import { inArea, ReadOnlyNotice, ReadOnlyScope, useReadOnly } from '../../common/config/ReadOnly';
import { EntityListPage, type EntityColumn, type EntityFilter } from '../../common/entity/EntityListPage';
import { listKey, type ListSource } from '../../common/entity/listQuery';
import { historyOf } from '../../history/link';
import { bulkSummary } from '../common/pki';
import { AddApplianceModal } from './AddApplianceModal';
import { EnrolmentCode } from './EnrolmentCode';
import { FleetSettingsSection } from './FleetSettingsSection';
import { FleetSummaryBand } from './FleetSummaryBand';
import { JoinFleetSection } from './JoinFleetSection';
import {
  FLEET_APPLIANCES_KEY,
  FLEET_MEMBERSHIP_KEY,
  FLEET_SETTINGS_KEY,
  FLEET_SUMMARY_KEY,
} from './resources';
import { alertsText, applianceState, CONFIG_WORDS, formatWhen } from './states';
import '../../common/config/config.css';
import '../common/pki.css';
import './fleet.css';

export const FLEET_TITLE = 'Fleet';

/**
 * The list endpoint's query schema. The browser build strips the endpoint descriptor's schemas and the contract
 * exports this one by no name of its own, so it is built here from the same pieces; a test holds it equal to
 * `listFleetAppliances.query`.
 */
export const FLEET_QUERY = listQuery(['name', 'group', 'state', 'created_at', 'enrolled_at'], {
  state: stringEnum(APPLIANCE_STATES),
  group: Type.String({ maxLength: 64 }),
  presence: stringEnum(LIST_PRESENCES, {
    description: 'online / offline by its newest state record’s age; never: no record yet.',
  }),
});

export const FLEET_LIST: ListSource = {
  resource: FLEET_APPLIANCES_KEY,
  query: FLEET_QUERY,
  defaultSort: 'name',
};

const ITEM_NAME = { one: 'appliance', other: 'appliances' };

export function stateItem(a: FleetAppliance): TableItem {
  const { short, detail, color } = applianceState(a);
  return { value: short, description: detail, statusBullColor: color, statusLabel: short };
}

const COLUMNS: ReadonlyArray<EntityColumn<FleetAppliance>> = [
  { title: 'Name', sort: 'name', width: 160, cell: (a) => ({ value: a.name }) },
  { title: 'Group', sort: 'group', width: 110, priority: 2, cell: (a) => ({ value: a.group || '—' }) },
  { title: 'State', sort: 'state', width: 170, cell: stateItem },
  { title: 'Version', width: 90, priority: 3, cell: (a) => ({ value: a.live?.version ?? '—' }) },
  {
    title: 'Alerts',
    width: 130,
    priority: 2,
    cell: (a) =>
      a.live
        ? {
            value: alertsText(a.live.alerts),
            warning: a.live.alerts.critical ? `${a.live.alerts.critical} critical alerts firing.` : undefined,
          }
        : { value: '—' },
  },
  {
    title: 'Certificates expiring',
    width: 160,
    priority: 3,
    cell: (a) => ({ value: a.live ? a.live.certificates_expiring : '—' }),
  },
  {
    title: 'Configuration',
    width: 120,
    priority: 3,
    cell: (a) => ({ value: a.live ? CONFIG_WORDS[a.live.config] : CONFIG_WORDS.unknown }),
  },
  { title: 'Last seen', width: 150, priority: 2, cell: (a) => ({ value: formatWhen(a.live?.last_seen) }) },
];

const STATE_FILTER: EntityFilter = {
  name: 'state',
  label: 'State',
  any: 'Any state',
  options: [
    { value: 'enrolled', name: 'Enrolled' },
    { value: 'pending', name: 'Pending code' },
    { value: 'removed', name: 'Removed' },
  ],
};

const PRESENCE_FILTER: EntityFilter = {
  name: 'presence',
  label: 'Presence',
  any: 'Any presence',
  options: [
    { value: 'online', name: 'Online' },
    { value: 'offline', name: 'Offline' },
    { value: 'never', name: 'Never connected' },
  ],
};

/** The groups of the page on screen, and the one the address asks for (the contract has no list of groups). */
function groupFilter(rows: readonly FleetAppliance[], current: string | null): EntityFilter {
  const groups = new Set(rows.map((a) => a.group).filter(Boolean));
  if (current) groups.add(current);
  return {
    name: 'group',
    label: 'Group',
    any: 'Any group',
    options: [...groups].sort().map((g) => ({ value: g, name: g })),
  };
}

export const FleetPage = inArea('fleet', FleetList);

function FleetList() {
  const dispatch = useAppDispatch();
  const readOnly = useReadOnly();
  const isAdmin = useIsAdmin();
  const [adding, setAdding] = useState(false);
  const [search] = useSearchParams();
  const summary = useResource<FleetSummary>(FLEET_SUMMARY_KEY);
  const settings = useResource<FleetSettingsAnswer>(FLEET_SETTINGS_KEY);
  const membership = useResource<{ membership: FleetMembershipView | null }>(FLEET_MEMBERSHIP_KEY);
  const page = useResource<{ data: FleetAppliance[] }>(listKey(FLEET_LIST, search), { skip: true });
  const managed = settings.data?.settings.manage ?? false;
  return (
    <EntityListPage<FleetAppliance>
      source={FLEET_LIST}
      title={FLEET_TITLE}
      description="The appliances this console manages: their state, alerts and certificates, as they report them."
      itemName={ITEM_NAME}
      columns={COLUMNS}
      rowId={(a) => a.id}
      href={(a) => `/system/fleet/${a.id}`}
      history={historyOf('fleet')}
      filters={[STATE_FILTER, PRESENCE_FILTER, groupFilter(page.data?.data ?? [], search.get('group'))]}
      unselectable={(a) => (a.state === 'removed' ? 'Already removed.' : null)}
      bulk={{
        endpoint: bulkFleetAppliances,
        summary: bulkSummary(ITEM_NAME),
        refresh: [FLEET_SUMMARY_KEY],
        actions: [
          {
            id: 'remove',
            verb: 'Remove',
            done: 'removed',
            detail: 'Their certificates are revoked and their connections closed; they cannot reconnect.',
          },
        ],
      }}
      canWrite={!readOnly}
      primaryButton={{
        label: 'Add appliance',
        disabled: readOnly || !managed,
        onClick: () => {
          dispatch(fieldErrorsCleared());
          setAdding(true);
        },
      }}
      emptyMessage={
        managed
          ? 'No appliances yet: add one and give its admin the one-time code.'
          : 'This console manages no fleet: turn on "Manage other appliances" in the fleet settings below.'
      }
      before={
        <>
          <ReadOnlyNotice />
          {managed ? <FleetSummaryBand summary={summary.data} /> : null}
        </>
      }
    >
      {adding && !readOnly ? <AddApplianceModal onClose={() => setAdding(false)} /> : null}
      <EnrolmentCode />
      <ReadOnlyScope readOnly={readOnly || !isAdmin}>
        {settings.data ? <FleetSettingsSection answer={settings.data} /> : null}
        {membership.status === 'loaded' ? (
          <JoinFleetSection membership={membership.data?.membership} />
        ) : null}
      </ReadOnlyScope>
    </EntityListPage>
  );
}
