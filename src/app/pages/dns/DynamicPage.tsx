/**
 * /dns/dynamic: dynamic DNS accounts — which provider keeps which host name pointing at the appliance's public
 * address, how that address is found and how often; per account the last address sent, the provider's last answer
 * and the next check. The secret is written, never shown; it goes only to the provider, server and user name it was
 * saved for, so changing those asks for it again.
 */
import type { AccountValues } from './dynamicValues';
import { secretRetype } from './dynamicSecret';
import { formatDateTime } from '../../../lib/format';
import { widgetRulesOf } from '../../forms/fieldRules';
import { rulesModule } from '../../forms/lazyRules';
import { bindingText, ddnsSecretBinding } from '../../../shared/secretBinding';
import { Loader } from '../../../widgets/Loader';
import { PageHeader } from '../../../widgets/PageHeader';
import { useEndpoint, useResourceSave } from '../../../store/useResource';
import * as dns from '../../../shared/contracts/dns';
import type { DdnsAccount } from '../../../shared/contracts/dns';
import { DirtyGuard } from '../common/config/DirtyGuard';
import { ListSection, type ListColumn } from '../common/config/ListSection';
import { CheckboxField, SelectField, TextField } from '../common/config/fields';
import { SecretField } from '../common/config/SecretField';
import { DYNAMIC_DNS_KEY } from './resources';
import '../common/config/config.css';
import { AreaAccess, ReadOnlyNotice } from '../common/config/ReadOnly';
import { RefreshIcon } from '../../../widgets/icons';
import { historyOf } from '../history/link';

export const DYNAMIC_DNS_TITLE = 'Dynamic DNS';

// The field rules come from the body schema (src/shared/contracts/dns.ts), like the other DNS forms'.
const INTERVAL = widgetRulesOf(dns.DdnsAccountBody, 'interval_seconds');
const TTL = widgetRulesOf(dns.DdnsAccountBody, 'ttl');

// The account dialog's Yup rules come with it (lazyRules.ts).
const accountRules = rulesModule(() => import('./dynamicRules').then((m) => m.accountSchema));

const NEW: AccountValues = {
  provider: 'dyndns',
  hostname: '',
  username: '',
  secret: '',
  update_url: '',
  ip_source: 'web',
  check_url: '',
  interface: '',
  interval_seconds: '300',
  ttl: '60',
  enabled: true,
  stored_binding: null,
};

// Only the fields the appliance takes: the account's state (id, has_secret, last_*) is not part of a change.
const toValues = (a: DdnsAccount): AccountValues => ({
  provider: a.provider,
  hostname: a.hostname,
  username: a.username,
  update_url: a.update_url,
  ip_source: a.ip_source,
  check_url: a.check_url,
  interface: a.interface,
  enabled: a.enabled,
  secret: '',
  interval_seconds: String(a.interval_seconds),
  ttl: String(a.ttl),
  stored_binding: a.has_secret ? bindingText(ddnsSecretBinding(a)) : null,
});

const toBody = ({ stored_binding: _stored, ...v }: AccountValues) => ({
  ...v,
  update_url: v.provider === 'custom' ? v.update_url : '',
  check_url: v.ip_source === 'web' ? v.check_url : '',
  interface: v.ip_source === 'interface' ? v.interface : '',
  interval_seconds: Number(v.interval_seconds),
  ttl: Number(v.ttl),
});

const when = (ms: number | null) => (ms ? formatDateTime(ms) : '—');

/** A time in few characters: `15:52` today, the full date otherwise (table cells are narrow). */
function shortWhen(ms: number, now = Date.now()): string {
  const d = new Date(ms);
  if (d.toDateString() !== new Date(now).toDateString()) return formatDateTime(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** An account whose provider needs a password or token it has not got (its deletion was reverted: never stored). */
const secretMissing = (a: DdnsAccount) =>
  !a.has_secret && (a.provider !== 'custom' || a.username.trim() !== '');

/** On, off, failing (since when) or not checked yet: "On" alone would hide an update that keeps failing. */
export function accountStatus(a: DdnsAccount): string {
  if (!a.enabled) return secretMissing(a) ? 'Off: enter its password or token' : 'Off';
  if (a.failure) return a.failing_since ? `Failing since ${shortWhen(a.failing_since)}` : 'Failing';
  if (!a.last_result) return 'Not checked yet';
  return 'Up to date';
}

/** What the last update did, in words: the cause first (cells are cut at their width), then the step that failed. */
export function accountResult(a: DdnsAccount): string {
  if (a.failure) {
    const step = a.failure.stage === 'check' ? 'finding the public address' : 'updating the provider';
    const cause = a.failure.message.charAt(0).toUpperCase() + a.failure.message.slice(1);
    return `${cause} (${step})`;
  }
  if (!a.last_result) return 'Not checked yet';
  return a.last_result.replace(/^ok: /, '').replace(/^error: /, 'Failed: ');
}

/** When the next check runs; after a failure that is when it retries. */
export function accountNextCheck(a: DdnsAccount): string {
  if (!a.enabled) return '—';
  return a.failure && a.next_check_at ? `Retries ${shortWhen(a.next_check_at)}` : when(a.next_check_at);
}

/**
 * The accounts table, the list pages' way: the whole content width, the host name wide enough for a full name, what
 * matters first (host, status, why it failed); the provider, last address and next check give way on a narrow table.
 */
const ACCOUNT_COLUMNS = (providerName: (id: string) => string): ReadonlyArray<ListColumn<DdnsAccount>> => [
  { title: 'Host name', value: (a) => a.hostname, width: 260 },
  { title: 'Status', value: accountStatus, width: 160 },
  { title: 'Last result', value: accountResult, width: 240, priority: 2 },
  { title: 'Provider', value: (a) => providerName(a.provider), width: 130, priority: 2 },
  { title: 'Last address', value: (a) => a.last_ip ?? '—', width: 130, priority: 3 },
  // A full date and time (`when`) unless the check is today.
  { title: 'Next check', value: accountNextCheck, width: 200, priority: 3 },
];

export function DynamicPage() {
  const { data, status } = useEndpoint(dns.getDynamic);
  const update = useResourceSave();
  const providers = data?.providers ?? [];
  const providerName = (id: string) => providers.find((p) => p.id === id)?.name ?? id;
  return (
    <AreaAccess area="dns">
      <DirtyGuard>
        <section className="page config-page page--wide" aria-label={DYNAMIC_DNS_TITLE}>
          <PageHeader
            history={historyOf('dns')}
            title={DYNAMIC_DNS_TITLE}
            actionDescription="Keeps host names at dynamic DNS providers pointing at the appliance's public address."
          />
          <ReadOnlyNotice />
          {!data && status === 'failed' ? (
            <p className="page__notice" role="alert">
              The dynamic DNS accounts could not be loaded. Reload the page to try again.
            </p>
          ) : null}
          {!data && status !== 'failed' ? <Loader label="Loading the dynamic DNS accounts" /> : null}
          {data ? (
            <ListSection<DdnsAccount, AccountValues>
              resourceKey={DYNAMIC_DNS_KEY}
              title="Accounts"
              itemName="account"
              endpoints={dns.dynamicAccounts}
              items={data.accounts}
              emptyMessage="No dynamic DNS accounts."
              columns={ACCOUNT_COLUMNS(providerName)}
              newValues={NEW}
              toValues={toValues}
              toBody={toBody}
              rules={accountRules}
              describe={(a) => `account ${a.hostname}`}
              rowActions={[
                {
                  id: 'update',
                  icon: <RefreshIcon />,
                  label: 'Update now',
                  run: (a) =>
                    update.save({
                      endpoint: dns.updateDynamicAccount,
                      params: { id: String(a.id) },
                      key: DYNAMIC_DNS_KEY,
                      message: `Update of ${a.hostname} sent.`,
                    }),
                },
              ]}
              renderFields={(v) => (
                <>
                  <SelectField
                    name="provider"
                    label="Provider"
                    options={providers.map((p) => ({ value: p.id, name: p.name }))}
                  />
                  <TextField
                    name="hostname"
                    label="Host name"
                    {...widgetRulesOf(dns.DdnsAccountBody, 'hostname')}
                  />
                  {v.provider === 'custom' ? (
                    <TextField
                      name="update_url"
                      label="Update URL"
                      required
                      info="%IP% is replaced by the address; %HOST% and %TTL% by the host name and TTL."
                      placeholder="https://dns.example/update?host=%HOST%&ip=%IP%"
                    />
                  ) : null}
                  <TextField name="username" label="User name" autoComplete="off" />
                  <SecretField
                    name="secret"
                    label="Password or token"
                    secretName="password or token"
                    hasStored={!!v.stored_binding}
                    reason={secretRetype(v)}
                    info="Never shown again once saved. When changing an account, leave it empty to keep the stored one."
                  />
                  <SelectField
                    name="ip_source"
                    label="Public address from"
                    options={[
                      { value: 'web', name: 'An address check web page' },
                      { value: 'interface', name: 'A network interface' },
                    ]}
                  />
                  {v.ip_source === 'interface' ? (
                    <TextField name="interface" label="Interface" validators={['hostname']} required />
                  ) : (
                    <TextField
                      name="check_url"
                      label="Check URL"
                      placeholder="Default: https://checkip.amazonaws.com/"
                    />
                  )}
                  <TextField
                    name="interval_seconds"
                    label="Check interval (seconds)"
                    {...INTERVAL}
                    validators={INTERVAL.validators}
                  />
                  <TextField name="ttl" label="TTL (seconds)" {...TTL} validators={TTL.validators} />
                  <CheckboxField name="enabled" label="Keep this host name up to date" />
                </>
              )}
            />
          ) : null}
        </section>
      </DirtyGuard>
    </AreaAccess>
  );
}
