/**
 * System → Log forwarding: the remote syslog targets the audit trail and chosen services' logs are forwarded to (RFC
 * 5424 over UDP, TCP or TLS), each with its queue (records waiting, dropped, the last error) and "Send test". TLS
 * material is chosen from the PKI (a certificate with its key, a CA to trust); no secret is typed here. Admins only.
 */
import { widgetRulesOf } from '../../../forms/fieldRules';
import { rulesModule } from '../../../forms/lazyRules';
import { useCallback, useId, useState } from 'react';
import {
  createTarget,
  deleteTarget,
  DEFAULT_QUEUE_LIMIT,
  forwardingTargetBody,
  listTargets,
  testTarget,
  updateTarget,
  type ForwardingTarget,
  type ForwardingTargetBody,
  type ForwardingTargets,
} from '../../../../shared/contracts/forwarding';
import { keyOf } from '../../../../shared/contracts/endpoint';
import { LOG_SERVICES } from '../../../../shared/logServices';
import { formatDateTime } from '../../../../lib/format';
import { useEndpoint, useResourceSave } from '../../../../store/useResource';
import { saveOf } from '../../../../store/slices/resources.slice';
import {
  DataTable,
  type AccentColor,
  type TableLegendEntry,
  type TableRow,
} from '../../../../widgets/DataTable';
import { EditIcon, SendIcon, TrashIcon } from '../../../../widgets/icons';
import { Loader } from '../../../../widgets/Loader';
import { FormModal } from '../../common/FormModal';
import { CheckboxField, ChoiceListField, SelectField, TextField } from '../../common/config/fields';
import '../../common/config/config.css';
import './forwarding.css';

export const FORWARDING_TITLE = 'Log forwarding';
export const FORWARDING_KEY = keyOf(listTargets);

interface FormValues {
  name: string;
  enabled: boolean;
  protocol: ForwardingTargetBody['protocol'];
  host: string;
  port: string;
  audit: boolean;
  services: string[];
  tls_certificate_id: string;
  tls_ca_id: string;
  queue_limit: string;
}

/** The select's value for "no certificate" / "the system's authorities" (an empty value reads as unchosen). */
const NONE = 'none';

export const toForm = (t?: ForwardingTarget): FormValues => ({
  name: t?.name ?? '',
  enabled: t?.enabled ?? true,
  protocol: t?.protocol ?? 'tls',
  host: t?.host ?? '',
  port: String(t?.port ?? 6514),
  audit: t?.audit ?? true,
  services: t?.services ?? [],
  tls_certificate_id: t?.tls_certificate_id ?? NONE,
  tls_ca_id: t?.tls_ca_id ?? NONE,
  queue_limit: String(t?.queue_limit ?? DEFAULT_QUEUE_LIMIT),
});

const fromForm = (v: FormValues): ForwardingTargetBody => ({
  name: v.name.trim(),
  enabled: v.enabled,
  protocol: v.protocol,
  host: v.host.trim(),
  port: Number(v.port),
  audit: v.audit,
  services: v.services as ForwardingTargetBody['services'],
  tls_certificate_id: v.protocol === 'tls' && v.tls_certificate_id !== NONE ? v.tls_certificate_id : null,
  tls_ca_id: v.protocol === 'tls' && v.tls_ca_id !== NONE ? v.tls_ca_id : null,
  queue_limit: Number(v.queue_limit),
});

// The dialog's Yup rules come with it (lazyRules.ts).
const targetRules = rulesModule(() => import('./targetRules').then((m) => m.targetSchema));

const BODY = forwardingTargetBody;
const PORT = widgetRulesOf(BODY, 'port');
const QUEUE_LIMIT = widgetRulesOf(BODY, 'queue_limit');

const PROTOCOLS = [
  { name: 'TLS (TCP with TLS, RFC 5425)', value: 'tls' },
  { name: 'TCP (octet-counted, RFC 6587)', value: 'tcp' },
  { name: 'UDP (one message per datagram)', value: 'udp' },
];

function TargetForm({
  target,
  choices,
  onClose,
}: {
  target?: ForwardingTarget;
  choices: Pick<ForwardingTargets, 'certificates' | 'cas'>;
  onClose: () => void;
}) {
  const pki = (list: ForwardingTargets['certificates'], none: string) => [
    { name: none, value: NONE },
    ...list.map((c) => ({ name: `${c.name} (${c.subject})`, value: c.id })),
  ];
  return (
    <FormModal<FormValues>
      title={target ? `Change ${target.name}` : 'Add a syslog target'}
      submitLabel={target ? 'Save target' : 'Add target'}
      initialValues={toForm(target)}
      rules={targetRules}
      onClose={onClose}
      toSave={(v) =>
        target
          ? saveOf({
              endpoint: updateTarget,
              params: { id: String(target.id) },
              body: fromForm(v),
              key: FORWARDING_KEY,
              message: `Target ${v.name} saved.`,
            })
          : saveOf({
              endpoint: createTarget,
              body: fromForm(v),
              key: FORWARDING_KEY,
              message: `Target ${v.name} added.`,
            })
      }
    >
      {(values) => (
        <>
          <TextField name="name" label="Name" {...widgetRulesOf(BODY, 'name')} />
          <SelectField name="protocol" label="Protocol" options={PROTOCOLS} />
          <TextField
            name="host"
            label="Collector host"
            {...widgetRulesOf(BODY, 'host')}
            info="TLS checks the collector's certificate against this name or address."
          />
          <TextField name="port" label="Port" {...PORT} />
          {values.protocol === 'tls' ? (
            <>
              <SelectField
                name="tls_certificate_id"
                label="Client certificate"
                options={pki(choices.certificates, 'None (the collector asks for none)')}
                hint="From the PKI: a certificate whose key the appliance holds."
              />
              <SelectField
                name="tls_ca_id"
                label="Trusted CA"
                options={pki(choices.cas, "The system's trusted authorities")}
                hint="From the PKI: the collector's certificate must chain to it."
              />
            </>
          ) : null}
          <CheckboxField
            name="audit"
            label="Audit trail"
            description="Every audit record, with actor, method, address, object and outcome as structured data."
          />
          <ChoiceListField name="services" label="Services' logs" choices={LOG_SERVICES} />
          <TextField
            name="queue_limit"
            label="Queue limit (records)"
            {...QUEUE_LIMIT}
            info="Kept on disk while the collector is unreachable; beyond it the oldest are dropped."
          />
          <CheckboxField name="enabled" label="Enabled" />
        </>
      )}
    </FormModal>
  );
}

/** The queue's state in words and colour: red only for trouble (records dropped, or the last try failed). */
function queueState(t: ForwardingTarget): { color: AccentColor; label: string } {
  const s = t.status;
  if (!t.enabled) return { color: 'grey', label: 'Disabled' };
  if (s.dropping) return { color: 'red', label: 'Dropping records' };
  if (failing(t)) return { color: 'red', label: 'Failing' };
  return { color: 'green', label: 'Sending' };
}

/** The last error is newer than the last record sent. */
const failing = (t: ForwardingTarget) =>
  !!t.status.last_error && (!t.status.last_sent_at || (t.status.last_error_at ?? 0) > t.status.last_sent_at);

const LEGEND: TableLegendEntry[] = [
  { title: 'Target', width: 200 },
  { title: 'Collector', width: 220 },
  { title: 'Forwards', width: 160, priority: 2 },
  { title: 'Queue', width: 270 },
];

function targetRow(t: ForwardingTarget, busy: boolean): TableRow {
  const s = t.status;
  const state = queueState(t);
  return {
    id: String(t.id),
    items: [
      // The state is said under the name too: a phone shows the name column (the rest scrolls sideways).
      {
        value: t.name,
        // The description says it in words: the bullet is not read out a second time.
        statusBullColor: state.color,
        description: state.label,
      },
      { value: `${t.protocol.toUpperCase()} ${t.host}:${t.port}`, sortValue: t.host },
      { value: [t.audit ? 'Audit trail' : null, ...t.services].filter(Boolean).join(', ') || 'Nothing' },
      {
        value: `${s.pending} pending · ${s.dropped} dropped`,
        sortValue: s.pending,
        tags: s.dropping ? [{ name: 'Dropping records: the queue is full', color: 'red' }] : undefined,
        description: failing(t)
          ? `Last error: ${s.last_error}`
          : s.last_sent_at
            ? `Last sent ${formatDateTime(s.last_sent_at)}`
            : undefined,
      },
    ],
    actions: [
      {
        id: 'test',
        value: 'Send test',
        label: `Send test to ${t.name}`,
        icon: <SendIcon />,
        disabled: busy || !t.enabled,
      },
      { id: 'edit', value: 'Edit', icon: <EditIcon /> },
      { id: 'remove', value: 'Remove', icon: <TrashIcon />, disabled: busy },
    ],
  };
}

function TargetsTable({
  targets,
  onEdit,
}: {
  targets: ForwardingTarget[];
  onEdit: (t: ForwardingTarget) => void;
}) {
  const { save, pending } = useResourceSave();
  return (
    <DataTable
      caption="Syslog targets"
      legend={LEGEND}
      rows={targets.map((t) => targetRow(t, pending))}
      itemName={{ one: 'target', other: 'targets' }}
      searchLabel="Search the targets"
      emptyMessage="No target yet: nothing is forwarded."
      fill
      onRowAction={(id, action) => {
        const t = targets.find((x) => String(x.id) === id);
        if (!t) return;
        if (action === 'edit') onEdit(t);
        else if (action === 'test')
          save({
            endpoint: testTarget,
            params: { id: String(t.id) },
            key: FORWARDING_KEY,
            message: `Test message queued for ${t.name}.`,
          });
        else if (action === 'remove' && window.confirm(`Remove ${t.name}? Its queued records are dropped.`))
          save({
            endpoint: deleteTarget,
            params: { id: String(t.id) },
            key: FORWARDING_KEY,
            message: `Target ${t.name} removed.`,
          });
      }}
    />
  );
}

/** Administrators only: the route's gate shows anyone else the one page that says so (routes.tsx). */
export function ForwardingPage() {
  const { data, status } = useEndpoint(listTargets);
  const [editing, setEditing] = useState<ForwardingTarget | 'new' | null>(null);
  const close = useCallback(() => setEditing(null), []);
  const headingId = useId();
  return (
    <section className="page config-page page--wide forwarding" aria-labelledby={headingId}>
      <header className="forwarding__header">
        <div>
          <h1 id={headingId}>{FORWARDING_TITLE}</h1>
          <p className="config-section__description">
            The audit trail and chosen services&apos; logs, sent to remote syslog collectors as RFC 5424. Each
            target keeps what it could not send yet on disk, up to its queue limit.
          </p>
        </div>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          Add target
        </button>
      </header>
      {!data && status === 'failed' ? (
        <p className="page__notice" role="alert">
          The targets could not be loaded. Reload the page to try again.
        </p>
      ) : null}
      {!data && status !== 'failed' ? <Loader label="Loading the log forwarding targets" /> : null}
      {data ? <TargetsTable targets={data.data} onEdit={setEditing} /> : null}
      {data && editing ? (
        <TargetForm target={editing === 'new' ? undefined : editing} choices={data} onClose={close} />
      ) : null}
    </section>
  );
}
