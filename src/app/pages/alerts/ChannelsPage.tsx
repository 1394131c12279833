/**
 * /system/alert-channels (admins): where alerts go besides the console. Each channel (e-mail or a signed webhook)
 * with its rules (the lowest severity, the kinds; none: all), Send test with its result, and its delivery history.
 * The form's rules come from the contract's body schema (`channelBody`): a name's length and characters, the
 * address's scheme, the secret's length. A webhook's secret is write-only: left empty it is kept, but the appliance
 * asks for it again when the address changes (said next to the field).
 */
import { SECRET_MIN } from './alertValues';
import { Formik, useField, useFormikContext } from 'formik';
import { useState } from 'react';
import {
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  ALERT_SEVERITIES,
  channelBody,
  channelDeliveries,
  createChannel,
  deleteChannel,
  listChannels,
  putChannel,
  SEVERITY_LABELS,
  testChannel,
  type AlertKind,
  type ChannelBody,
  type ChannelItem,
  type DeliveryItem,
} from '../../../shared/contracts/alerts';
import { formatDateTime } from '../../../lib/format/time';
import { resourceKeyOf } from '../../../store/slices/resources.slice';
import { useEndpoint, useResource, useResourceSave } from '../../../store/useResource';
import { Checkbox } from '../../../widgets/Checkbox';
import { ConfirmationModal } from '../../../widgets/ConfirmationModal';
import { PageHeader } from '../../../widgets/PageHeader';
import { widgetRulesOf } from '../../forms/fieldRules';
import { rulesModule, useRules } from '../../forms/lazyRules';
import { Form } from '../../forms/Form';
import {
  CheckboxField,
  FieldError,
  ListField,
  SaveDiscardActions,
  SelectField,
  TextField,
} from '../common/config/fields';
import './alerts.css';

export const CHANNELS_TITLE = 'Alert channels';
const CHANNELS_KEY = resourceKeyOf(listChannels);
const deliveriesKey = (id: number) => resourceKeyOf(channelDeliveries, { params: { id: String(id) } });
const testKey = (id: number) => `${deliveriesKey(id)}#test`;

const TYPE_LABELS = { email: 'E-mail', webhook: 'Webhook' } as const;

interface ChannelValues {
  name: string;
  type: 'email' | 'webhook';
  enabled: boolean;
  min_severity: ChannelBody['min_severity'];
  kinds: AlertKind[];
  recipients: string[];
  url: string;
  secret: string;
}

// The form's Yup rules come with it (lazyRules.ts), fetched as it opens.
const channelRules = rulesModule(() => import('./channelRules').then((m) => m.channelSchema));

const emptyValues: ChannelValues = {
  name: '',
  type: 'email',
  enabled: true,
  min_severity: 'warning',
  kinds: [],
  recipients: [],
  url: '',
  secret: '',
};

const valuesOf = (c: ChannelItem): ChannelValues => ({
  name: c.name,
  type: c.type,
  enabled: c.enabled,
  min_severity: c.min_severity,
  kinds: [...c.kinds],
  recipients: [...(c.recipients ?? [])],
  url: c.url ?? '',
  secret: '',
});

function bodyOf(v: ChannelValues): ChannelBody {
  const base = {
    name: v.name.trim(),
    type: v.type,
    enabled: v.enabled,
    min_severity: v.min_severity,
    kinds: v.kinds,
  };
  return v.type === 'email'
    ? { ...base, recipients: v.recipients }
    : { ...base, url: v.url.trim(), ...(v.secret ? { secret: v.secret } : {}) };
}

/** The kinds a channel takes, as labelled checkboxes (none checked: every kind). */
function KindsField() {
  const [field, , helpers] = useField<AlertKind[]>('kinds');
  const value = field.value ?? [];
  return (
    <fieldset className="config-field config-choices alerts-kinds">
      <legend>Kinds (none checked: every kind)</legend>
      {ALERT_KINDS.map((k) => (
        <Checkbox
          key={k}
          label={ALERT_KIND_LABELS[k]}
          checked={value.includes(k)}
          onChange={(on) =>
            void helpers.setValue(
              on ? ALERT_KINDS.filter((x) => x === k || value.includes(x)) : value.filter((x) => x !== k),
            )
          }
        />
      ))}
    </fieldset>
  );
}

function TypeFields({ editing }: { editing: ChannelItem | null }) {
  const { values } = useFormikContext<ChannelValues>();
  if (values.type === 'email')
    return (
      <ListField name="recipients" label="Recipients" validators={['email']} placeholder="ops@example.org" />
    );
  const moved = editing?.has_secret && editing.url !== values.url.trim();
  return (
    <>
      <TextField name="url" label="Address" type="url" required {...widgetRulesOf(channelBody, 'url')} />
      <TextField
        name="secret"
        label="Signing secret (HMAC-SHA256)"
        type="password"
        autoComplete="new-password"
        info={
          editing?.has_secret
            ? moved
              ? 'The address changed: enter the secret again to send it there.'
              : 'A secret is stored; leave empty to keep it.'
            : `Optional; at least ${SECRET_MIN} characters. Receivers check the x-rampart-signature header.`
        }
      />
    </>
  );
}

function ChannelForm({ editing, onDone }: { editing: ChannelItem | null; onDone: () => void }) {
  const save = useResourceSave();
  const rules = useRules(channelRules, 'open');
  const [submitted, setSubmitted] = useState(false);
  if (submitted && save.status === 'done') queueMicrotask(onDone);
  return (
    <section className="config-section" aria-labelledby="channel-form-title">
      <h2 id="channel-form-title">{editing ? `Edit ${editing.name}` : 'New channel'}</h2>
      <Formik<ChannelValues>
        initialValues={editing ? valuesOf(editing) : emptyValues}
        validationSchema={rules.module}
        onSubmit={(v) => {
          setSubmitted(true);
          if (editing)
            save.save({
              endpoint: putChannel,
              params: { id: String(editing.id) },
              body: bodyOf(v),
              key: CHANNELS_KEY,
              message: `Channel ${v.name.trim()} saved.`,
            });
          else
            save.save({
              endpoint: createChannel,
              body: bodyOf(v),
              key: CHANNELS_KEY,
              message: `Channel ${v.name.trim()} added.`,
            });
        }}
      >
        <Form noValidate className="config-form">
          <TextField name="name" label="Name" required {...widgetRulesOf(channelBody, 'name')} />
          {editing ? (
            <p>Type: {TYPE_LABELS[editing.type]}</p>
          ) : (
            <SelectField
              name="type"
              label="Type"
              options={[
                { value: 'email', name: 'E-mail' },
                { value: 'webhook', name: 'Webhook (signed JSON)' },
              ]}
            />
          )}
          <TypeFields editing={editing} />
          <SelectField
            name="min_severity"
            label="Lowest severity sent"
            options={ALERT_SEVERITIES.map((s) => ({ value: s, name: SEVERITY_LABELS[s] }))}
          />
          <KindsField />
          <CheckboxField name="enabled" label="Enabled" />
          <SaveDiscardActions saveLabel={editing ? 'Save channel' : 'Add channel'} pending={save.pending} />
          <button type="button" className="button alerts-cancel" onClick={onDone}>
            Cancel
          </button>
        </Form>
      </Formik>
    </section>
  );
}

const EVENT_LABELS: Record<DeliveryItem['event'], string> = {
  'alert.fired': 'Fired',
  'alert.escalated': 'Escalated',
  'alert.resolved': 'Resolved',
  test: 'Test',
};

function Deliveries({ channel }: { channel: ChannelItem }) {
  const { data } = useEndpoint(channelDeliveries, { params: { id: String(channel.id) } });
  const rows = data?.data ?? [];
  return (
    <div className="alerts-deliveries">
      {rows.length === 0 ? (
        <p>{data ? 'Nothing was sent through this channel yet.' : 'Loading…'}</p>
      ) : (
        <table className="alerts-table">
          <caption>Deliveries of {channel.name}</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Event</th>
              <th scope="col">Alert</th>
              <th scope="col">Outcome</th>
              <th scope="col">Attempts</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.id}>
                <td>{formatDateTime(d.at)}</td>
                <td>{EVENT_LABELS[d.event]}</td>
                <td className="alerts-table__wrap">{d.alert_key ?? '—'}</td>
                <td>
                  <span className={`alerts-outcome alerts-outcome--${d.outcome}`}>
                    {d.outcome === 'delivered' ? 'Delivered' : 'Failed'}
                  </span>
                </td>
                <td>{d.attempts}</td>
                <td className="alerts-table__wrap">{d.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function ChannelRow({
  channel,
  onEdit,
  onDelete,
}: {
  channel: ChannelItem;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [open, setOpen] = useState(false);
  const test = useResourceSave();
  const result = useResource<DeliveryItem>(testKey(channel.id), { skip: true }).data;
  const target = channel.type === 'email' ? (channel.recipients ?? []).join(', ') : (channel.url ?? '');
  const rules = `${SEVERITY_LABELS[channel.min_severity]} and above; ${
    channel.kinds.length ? channel.kinds.map((k) => ALERT_KIND_LABELS[k]).join(', ') : 'every kind'
  }`;
  return (
    <li className="alerts-channel" aria-labelledby={`channel-${channel.id}`}>
      <div className="alerts-channel__head">
        <h3 id={`channel-${channel.id}`}>{channel.name}</h3>
        <span className="badge alerts-badge">{TYPE_LABELS[channel.type]}</span>
        {channel.enabled ? null : <span className="badge alerts-badge">Disabled</span>}
      </div>
      <dl className="alerts-channel__facts">
        <dt>{channel.type === 'email' ? 'Recipients' : 'Address'}</dt>
        <dd className="alerts-table__wrap">{target}</dd>
        <dt>Sends</dt>
        <dd>{rules}</dd>
        {channel.type === 'webhook' ? (
          <>
            <dt>Signed</dt>
            <dd>{channel.has_secret ? 'Yes (HMAC-SHA256)' : 'No secret: unsigned'}</dd>
          </>
        ) : null}
      </dl>
      <div className="alerts-channel__actions">
        <button
          type="button"
          className="button"
          disabled={test.pending}
          aria-label={`Send test through ${channel.name}`}
          onClick={() =>
            void test.save({
              endpoint: testChannel,
              params: { id: String(channel.id) },
              body: {},
              key: deliveriesKey(channel.id),
              resultKey: testKey(channel.id),
            })
          }
        >
          {test.pending ? 'Sending…' : 'Send test'}
        </button>
        <button
          type="button"
          className="button"
          aria-expanded={open}
          aria-label={`Delivery history of ${channel.name}`}
          onClick={() => setOpen(!open)}
        >
          Delivery history
        </button>
        <button type="button" className="button" aria-label={`Edit ${channel.name}`} onClick={onEdit}>
          Edit
        </button>
        <button type="button" className="button" aria-label={`Delete ${channel.name}`} onClick={onDelete}>
          Delete
        </button>
      </div>
      {result && test.status === 'done' ? (
        <p role="status" className={`alerts-outcome alerts-outcome--${result.outcome}`}>
          {result.outcome === 'delivered'
            ? `Test delivered (${result.detail}).`
            : `Test failed after ${result.attempts} attempt${result.attempts === 1 ? '' : 's'}: ${result.detail}`}
        </p>
      ) : null}
      {open ? <Deliveries channel={channel} /> : null}
    </li>
  );
}

/** Administrators only: the route's gate shows anyone else the one page that says so (routes.tsx). */
export function ChannelsPage() {
  const { data } = useEndpoint(listChannels);
  const [editing, setEditing] = useState<ChannelItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ChannelItem | null>(null);
  const remove = useResourceSave();
  const channels = data?.data ?? [];
  return (
    <section className="page config-page" aria-label={CHANNELS_TITLE}>
      <PageHeader
        title={CHANNELS_TITLE}
        actionDescription="Where alerts are sent besides the console’s notification center: e-mail, and webhooks that post signed JSON. Each channel takes the severities and kinds you choose."
        primaryButton={{ label: 'Add channel', onClick: () => setEditing('new'), disabled: editing !== null }}
      />
      {editing !== null ? (
        <ChannelForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <section className="config-section" aria-labelledby="channel-list-title">
        <h2 id="channel-list-title">Channels</h2>
        {data && channels.length === 0 ? (
          <p>No channel yet: alerts show in the console only. Add an e-mail or a webhook channel.</p>
        ) : (
          <ul className="alerts-channels">
            {channels.map((c) => (
              <ChannelRow
                key={c.id}
                channel={c}
                onEdit={() => setEditing(c)}
                onDelete={() => setDeleting(c)}
              />
            ))}
          </ul>
        )}
      </section>
      {remove.status === 'failed' ? <FieldError message="The channel could not be deleted." /> : null}
      <ConfirmationModal
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'the channel'}?`}
        message="Its delivery history goes with it. Alerts are no longer sent there."
        yesLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting)
            remove.save({
              endpoint: deleteChannel,
              params: { id: String(deleting.id) },
              key: CHANNELS_KEY,
              message: `Channel ${deleting.name} deleted.`,
            });
          setDeleting(null);
        }}
      />
    </section>
  );
}
