/**
 * /system/alerts (admins): what the alert engine found, firing first (most severe first) then resolved, each linking
 * to its subject's page (the certificate, the authority, the revocation list, the ACME order, the account, the
 * service), with its first and last seen times; filters by state, severity and kind (in the address, so a filtered
 * list can be bookmarked). "Check now" evaluates at once; a rollback alert is acknowledged from its row. Below the
 * list, the thresholds: the expiry steps (days) and the lockout threshold, from the contract's body schema.
 */
import { stepsOf } from './alertValues';
import { Formik } from 'formik';
import { useNavigate } from 'react-router';
import {
  acknowledgeAlert,
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  ALERT_SEVERITIES,
  alertSettings,
  alertsQuery,
  evaluateAlerts,
  getAlertSettings,
  getNotifications,
  listAlerts,
  putAlertSettings,
  SEVERITY_LABELS,
  type AlertItem,
  type AlertSettings,
} from '../../../shared/contracts/alerts';
import { formatDateTime } from '../../../lib/format/time';
import { resourceKeyOf } from '../../../store/slices/resources.slice';
import { useEndpoint, useResourceSave } from '../../../store/useResource';
import type { AccentColor } from '../../../widgets/DataTable/types';
import { widgetRulesOf } from '../../forms/fieldRules';
import { rulesModule, useRules } from '../../forms/lazyRules';
import { Form } from '../../forms/Form';
import { SaveDiscardActions, SavedReset, TextField } from '../common/config/fields';
import { EntityListPage, type EntityColumn } from '../common/entity/EntityListPage';
import type { ListSource } from '../common/entity/listQuery';
import './alerts.css';

export const ALERTS_TITLE = 'Alerts';
export const ALERTS_KEY = resourceKeyOf(listAlerts);
export const ALERTS_LIST: ListSource = { resource: ALERTS_KEY, query: alertsQuery };

export const SEVERITY_COLOURS: Record<AlertItem['severity'], AccentColor> = {
  critical: 'red',
  warning: 'orange',
  info: 'blue',
};

const COLUMNS: ReadonlyArray<EntityColumn<AlertItem>> = [
  // The severity and state are said in the first cell too: a phone shows that column only.
  {
    title: 'Alert',
    width: 380,
    cell: (a) => ({
      value: a.summary,
      description: `${ALERT_KIND_LABELS[a.kind]} · ${SEVERITY_LABELS[a.severity]}, ${a.state === 'firing' ? 'firing' : 'resolved'}`,
    }),
  },
  {
    title: 'Severity',
    sort: 'severity',
    width: 130,
    cell: (a) => ({
      value: SEVERITY_LABELS[a.severity],
      statusBullColor: SEVERITY_COLOURS[a.severity],
      statusLabel: SEVERITY_LABELS[a.severity],
    }),
  },
  {
    title: 'State',
    width: 170,
    cell: (a) => ({
      value: a.state === 'firing' ? 'Firing' : 'Resolved',
      statusBullColor: a.state === 'firing' ? SEVERITY_COLOURS[a.severity] : 'green',
      statusLabel: a.state === 'firing' ? 'Firing' : 'Resolved',
      ...(a.resolved_at !== null ? { description: `Resolved ${formatDateTime(a.resolved_at)}` } : {}),
    }),
  },
  {
    title: 'First seen',
    sort: 'first_seen',
    width: 190,
    priority: 2,
    cell: (a) => ({ value: formatDateTime(a.first_seen) }),
  },
  {
    title: 'Last seen',
    sort: 'last_seen',
    width: 190,
    priority: 3,
    cell: (a) => ({ value: formatDateTime(a.last_seen) }),
  },
];

/** The thresholds form's values: the steps as typed ("60, 30, 7, 1"), the threshold as text. */
interface ThresholdValues {
  expiry_days: string;
  lockout_threshold: string;
}

const LOCKOUT_RULES = widgetRulesOf(alertSettings, 'lockout_threshold');
// The form's Yup rules come with it (lazyRules.ts).
const thresholdsRules = rulesModule(() => import('./thresholdsRules').then((m) => m.thresholdsSchema));

const toValues = (s: AlertSettings): ThresholdValues => ({
  expiry_days: s.expiry_days.join(', '),
  lockout_threshold: String(s.lockout_threshold),
});

function Thresholds() {
  const { data } = useEndpoint(getAlertSettings);
  const save = useResourceSave();
  const rules = useRules(thresholdsRules);
  return (
    <section className="config-section alerts-thresholds" aria-labelledby="alert-thresholds">
      <h2 id="alert-thresholds">Thresholds</h2>
      <p className="config-section__description">
        A certificate or an authority is an alert from the largest step on: critical within 7 days, a warning
        within 30, information before.
      </p>
      {data ? (
        <Formik<ThresholdValues>
          initialValues={toValues(data)}
          enableReinitialize
          validationSchema={rules.module}
          onSubmit={(v) => {
            save.save({
              endpoint: putAlertSettings,
              body: {
                expiry_days: [...new Set(stepsOf(v.expiry_days).map(Number))],
                lockout_threshold: Number(v.lockout_threshold),
              },
              key: resourceKeyOf(getAlertSettings),
              refresh: [ALERTS_KEY, resourceKeyOf(getNotifications)],
              message: 'Alert thresholds saved.',
            });
          }}
        >
          <Form noValidate className="config-form" onFocus={rules.fetch}>
            <SavedReset status={save.status} />
            <TextField
              name="expiry_days"
              label="Expiry steps (days before the end)"
              info="Separated by commas, e.g. 60, 30, 7, 1."
              required
            />
            <TextField
              name="lockout_threshold"
              label="Lockout threshold (names locked at once)"
              {...LOCKOUT_RULES}
            />
            <SaveDiscardActions saveLabel="Save thresholds" pending={save.pending} />
          </Form>
        </Formik>
      ) : null}
    </section>
  );
}

/** Administrators only: the route's gate shows anyone else the one page that says so (routes.tsx). */
export function AlertsPage() {
  const navigate = useNavigate();
  const check = useResourceSave();
  const ack = useResourceSave();
  return (
    <EntityListPage<AlertItem>
      source={ALERTS_LIST}
      title={ALERTS_TITLE}
      description="What the appliance found: expiring certificates and authorities, revocation lists, failed renewals, updates, rollbacks, lockouts, services, backups and log forwarding. Firing alerts come first."
      itemName={{ one: 'alert', other: 'alerts' }}
      columns={COLUMNS}
      rowId={(a) => String(a.id)}
      href={(a) => a.link}
      rowActions={(a) =>
        a.acknowledgeable ? [{ id: 'acknowledge', value: 'Acknowledge', type: 'labelled' as const }] : []
      }
      onRowAction={(a, action) => {
        if (action !== 'acknowledge') return;
        ack.save({
          endpoint: acknowledgeAlert,
          params: { id: String(a.id) },
          body: {},
          key: ALERTS_KEY,
          refresh: [resourceKeyOf(getNotifications)],
          message: 'Rollback acknowledged.',
        });
      }}
      filters={[
        {
          name: 'state',
          label: 'State',
          any: 'Any state',
          options: [
            { value: 'firing', name: 'Firing' },
            { value: 'resolved', name: 'Resolved' },
          ],
        },
        {
          name: 'severity',
          label: 'Severity',
          any: 'Any severity',
          options: ALERT_SEVERITIES.map((s) => ({ value: s, name: SEVERITY_LABELS[s] })),
        },
        {
          name: 'kind',
          label: 'Kind',
          any: 'Any kind',
          options: ALERT_KINDS.map((k) => ({ value: k, name: ALERT_KIND_LABELS[k] })),
        },
      ]}
      canWrite
      primaryButton={{
        label: check.pending ? 'Checking…' : 'Check now',
        disabled: check.pending,
        onClick: () =>
          void check.save({
            endpoint: evaluateAlerts,
            body: {},
            key: ALERTS_KEY,
            refresh: [resourceKeyOf(getNotifications)],
            message: 'Alert conditions checked.',
          }),
      }}
      secondaryButton={{ label: 'Channels', onClick: () => void navigate('/system/alert-channels') }}
      emptyMessage="No alert: nothing the appliance checks needs attention."
    >
      <Thresholds />
    </EntityListPage>
  );
}
