/**
 * /authentication/providers/{id} (and `new?type=ldap|oidc`): one identity provider's settings. Secrets are written
 * here and never shown again (the field says whether one is set; left empty, the stored one is kept, unless the
 * server, issuer, TLS trust or account name it was saved for changed: then it must be typed again). The test bench
 * runs a real check against the provider with the form's current settings, before saving: for a directory it binds,
 * finds a test user, proves the test password and shows the mapped attributes and groups; for an OpenID provider it
 * checks discovery, signing keys and the client credentials (a person's sign-in happens in a browser, not here).
 */
import type { EditableType, ProviderValues } from './providerValues';
import { ALL_CAS, caIdOf, ldapRetype, oidcRetype } from './providerSecrets';
import { Formik, useFormikContext } from 'formik';
import { Form } from '../../forms/Form';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { rulesModule, useRules } from '../../forms/lazyRules';
import { useAppDispatch } from '../../../store/createStore';
import { resourceLoaded } from '../../../store/slices/resources.slice';
import { useResource, useResourceSave } from '../../../store/useResource';
import { DirtyGuard, FormDirtyReporter } from '../common/config/DirtyGuard';
import { CheckboxField, ListField, SelectField, TextField } from '../common/config/fields';
import { SecretField } from '../common/config/SecretField';
import { WritableFieldset } from '../common/config/ReadOnly';
import { DeleteButton, EntityDetailView, entityDetailPage } from '../common/entity/EntityDetailPage';
import type { EntityDetailSource } from '../common/entity/useEntityDetail';
import { PROVIDER_TYPE_NAMES } from './ProvidersPage';
import { CREATED_PROVIDER_KEY, PROVIDER_CHECK_KEY, PROVIDERS_KEY, providerKey } from './resources';
import type { Provider, ProviderCheck } from '../../../shared/contracts/authentication';
import { CheckIcon, CloseIcon } from '../../../widgets/icons';
import {
  createProvider,
  deleteProvider,
  putProvider,
  testProvider,
} from '../../../shared/contracts/authentication';
import type { CertificateAuthority } from '../../../shared/contracts/pki';
import type { ListPage } from '../../../shared/contracts/listing';

const LDAP_DEFAULTS: ProviderValues['ldap'] = {
  url: 'ldaps://',
  starttls: false,
  ca_id: ALL_CAS,
  bind_dn: '',
  bind_password: '',
  base_dn: '',
  user_filter: '(&(objectClass=inetOrgPerson)(uid={username}))',
  group_base_dn: '',
  group_filter: '(&(objectClass=groupOfNames)(member={dn}))',
  username_attribute: 'uid',
  email_attribute: 'mail',
  name_attribute: 'cn',
  group_name_attribute: 'cn',
  admin_group: '',
};

const OIDC_DEFAULTS: ProviderValues['oidc'] = {
  issuer: 'https://',
  client_id: '',
  client_secret: '',
  scopes: ['openid', 'email', 'profile'],
  username_claim: 'preferred_username',
  email_claim: 'email',
  name_claim: 'name',
  groups_claim: 'groups',
  admin_group: '',
  allow_cross_origin_endpoints: false,
};

export const toValues = (p: Provider | undefined): ProviderValues => ({
  name: p?.name ?? '',
  enabled: p?.enabled ?? true,
  ldap: p?.ldap
    ? { ...LDAP_DEFAULTS, ...p.ldap, ca_id: p.ldap.ca_id ?? ALL_CAS, bind_password: '' }
    : LDAP_DEFAULTS,
  oidc: p?.oidc ? { ...OIDC_DEFAULTS, ...p.oidc, client_secret: '' } : OIDC_DEFAULTS,
  test_username: '',
  test_password: '',
});

/** The settings the API takes; an empty secret is left out, so the stored one is kept. */
function settingsBody(type: EditableType, v: ProviderValues) {
  if (type === 'ldap') {
    const {
      bind_password,
      ca_id,
      has_bind_password: _h,
      ...rest
    } = v.ldap as ProviderValues['ldap'] & {
      has_bind_password?: boolean;
    };
    return {
      ...rest,
      ca_id: caIdOf(ca_id),
      ...(bind_password ? { bind_password } : {}),
    };
  }
  const {
    client_secret,
    has_client_secret: _h,
    ...rest
  } = v.oidc as ProviderValues['oidc'] & {
    has_client_secret?: boolean;
  };
  return { ...rest, ...(client_secret ? { client_secret } : {}) };
}

// The form's Yup rules come with it (lazyRules.ts).
const providerRules = rulesModule(() => import('./providerRules'));

export const PROVIDER_DETAIL: EntityDetailSource<Provider> = {
  key: providerKey,
  isNew: (id) => id === 'new',
  noun: 'Provider',
  title: (p) => `Provider ${p.name}`,
  back: { to: '/authentication/providers', label: 'Providers' },
};

/** The kind of provider `new?type=ldap|oidc` adds. */
const newType = (search: URLSearchParams): EditableType => (search.get('type') === 'oidc' ? 'oidc' : 'ldap');
export const newProviderTitle = (search: URLSearchParams) =>
  `New ${PROVIDER_TYPE_NAMES[newType(search)]} provider`;

function NewProvider() {
  const [search] = useSearchParams();
  const [createdId, setCreatedId] = useState<number | null>(null);
  // Added: the page (and its unsaved-changes guard) gives way to the new provider's page.
  if (createdId !== null) return <Navigate to={`/authentication/providers/${createdId}`} replace />;
  return (
    <ProviderPage
      entity={undefined}
      type={newType(search)}
      title={newProviderTitle(search)}
      onCreated={setCreatedId}
    />
  );
}

/** The page of a provider, or of one being added (`provider` undefined). */
function ProviderPage({
  entity: provider,
  type = provider?.type ?? 'ldap',
  title,
  onCreated,
}: {
  entity: Provider | undefined;
  type?: Provider['type'];
  title?: string;
  onCreated?: (id: number) => void;
}) {
  const dispatch = useAppDispatch();
  const id = provider?.id;
  useEffect(() => {
    // A check shown belongs to the provider it was run for.
    dispatch(resourceLoaded({ key: PROVIDER_CHECK_KEY, data: null }));
  }, [dispatch, id]);
  return (
    <DirtyGuard>
      <EntityDetailView
        title={title}
        header={{
          badge: provider ? { label: provider.enabled ? 'Enabled' : 'Disabled' } : undefined,
          actionDescription: PROVIDER_TYPE_NAMES[type],
        }}
        remove={
          provider && {
            endpoint: deleteProvider,
            message: `Delete "${provider.name}"? Services using it stop trying it.`,
            key: PROVIDERS_KEY,
            done: `Provider "${provider.name}" deleted.`,
          }
        }
      >
        {type === 'local' ? (
          <section className="config-section" aria-label="Local accounts">
            <p>
              The appliance&apos;s own accounts, managed under <a href="/authentication/users">Users</a>. This
              provider is built in: it cannot be changed or removed.
            </p>
          </section>
        ) : (
          <ProviderForm provider={provider} type={type} onCreated={onCreated ?? (() => {})} />
        )}
      </EntityDetailView>
    </DirtyGuard>
  );
}

// Only admins change providers (the appliance refuses anyone else): the form is shown disabled to others.
export const ProviderDetailPage = entityDetailPage(PROVIDER_DETAIL, ProviderPage, {
  writableBy: 'admins',
  readOnlyNotice: null,
  New: NewProvider,
});

function ProviderForm({
  provider,
  type,
  onCreated,
}: {
  provider: Provider | undefined;
  type: EditableType;
  onCreated: (id: number) => void;
}) {
  const save = useResourceSave();
  const created = useResource<Provider | null>(CREATED_PROVIDER_KEY, { skip: true }).data;
  const rules = useRules(providerRules);

  return (
    <Formik<ProviderValues>
      initialValues={toValues(provider)}
      enableReinitialize={!!provider}
      validationSchema={rules.module?.providerSchema(type, provider)}
      onSubmit={(v) => {
        const body = { name: v.name.trim(), type, enabled: v.enabled, [type]: settingsBody(type, v) };
        if (provider)
          save.save({
            endpoint: putProvider,
            params: { id: String(provider.id) },
            key: providerKey(provider.id),
            body,
            message: 'Provider saved.',
            refresh: [PROVIDERS_KEY],
          });
        else
          save.save({
            endpoint: createProvider,
            key: PROVIDERS_KEY,
            body,
            message: 'Provider added.',
            resultKey: CREATED_PROVIDER_KEY,
          });
      }}
    >
      {({ dirty }) => (
        <Form noValidate className="config-form" onFocus={rules.fetch}>
          {/* Once added, the form stops reporting unsaved changes (the guard lets go) and the new page opens. */}
          {!provider && save.status === 'done' && created ? (
            <OpenCreated created={created} onCreated={onCreated} />
          ) : (
            <FormDirtyReporter id="provider" />
          )}
          <WritableFieldset>
            <section className="config-section" aria-label="Settings">
              <h2>Settings</h2>
              <TextField name="name" label="Name" required max={64} />
              <CheckboxField
                name="enabled"
                label="Enabled"
                description="Services may sign people in with it."
              />
              {type === 'ldap' ? <LdapFields provider={provider} /> : <OidcFields provider={provider} />}
            </section>
            <TestBench type={type} provider={provider} />
            <div className="config-form__actions">
              <button type="submit" className="button button--primary" disabled={!dirty || save.pending}>
                {provider ? 'Save' : 'Add provider'}
              </button>
              {provider ? <DeleteButton label="Delete provider" /> : null}
            </div>
          </WritableFieldset>
        </Form>
      )}
    </Formik>
  );
}

/** After an addition: hands the new id to the page, which opens the new provider's page. */
function OpenCreated({ created, onCreated }: { created: Provider; onCreated: (id: number) => void }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(resourceLoaded({ key: CREATED_PROVIDER_KEY, data: null }));
    onCreated(created.id);
  }, [created, dispatch, onCreated]);
  return null;
}

/** The group whose members the provider signs in as admins. */
function AdminGroupField({ name }: { name: string }) {
  return (
    <TextField
      name={name}
      label="Admin group"
      info="Members sign in to the console as admins; everyone else as users. Empty: nobody is made admin."
    />
  );
}

function LdapFields({ provider }: { provider: Provider | undefined }) {
  const { values } = useFormikContext<ProviderValues>();
  const cas = useResource<ListPage<CertificateAuthority>>('pki/cas').data?.data ?? [];
  const caOptions = [
    { name: "The system's and all of the PKI's authorities", value: ALL_CAS },
    ...cas.map((c) => ({ name: c.name, value: c.id })),
  ];
  return (
    <>
      <TextField
        name="ldap.url"
        label="Server URL"
        required
        info="ldaps://host:636 for TLS, or ldap://host:389 (with StartTLS below)."
      />
      <CheckboxField
        name="ldap.starttls"
        label="StartTLS"
        description="Upgrade an ldap:// connection to TLS."
      />
      <SelectField
        name="ldap.ca_id"
        label="Trusted certificate authority"
        options={caOptions}
        hint="The PKI's authorities are listed under System › Certificate authorities."
      />
      <TextField
        name="ldap.bind_dn"
        label="Bind DN"
        info="The service account, e.g. cn=reader,dc=example,dc=com."
      />
      <SecretField
        name="ldap.bind_password"
        label="Bind password"
        secretName="bind password"
        hasStored={!!provider?.ldap?.has_bind_password}
        reason={ldapRetype(provider, values.ldap)}
      />
      <TextField name="ldap.base_dn" label="Base DN" required />
      <TextField
        name="ldap.user_filter"
        label="User filter"
        required
        info="{username} is the name typed at sign-in. Active Directory: (sAMAccountName={username})."
      />
      <TextField name="ldap.group_base_dn" label="Group base DN" info="Empty: the base DN." />
      <TextField
        name="ldap.group_filter"
        label="Group filter"
        info="{dn} is the user's DN. Empty: groups are not read."
      />
      <TextField name="ldap.username_attribute" label="User name attribute" required />
      <TextField name="ldap.email_attribute" label="E-mail attribute" required />
      <TextField name="ldap.name_attribute" label="Full name attribute" required />
      <TextField name="ldap.group_name_attribute" label="Group name attribute" required />
      <AdminGroupField name="ldap.admin_group" />
    </>
  );
}

function OidcFields({ provider }: { provider: Provider | undefined }) {
  const { values } = useFormikContext<ProviderValues>();
  return (
    <>
      <TextField
        name="oidc.issuer"
        label="Issuer"
        required
        info="Its discovery document is read from there."
      />
      <TextField name="oidc.client_id" label="Client id" required />
      <SecretField
        name="oidc.client_secret"
        label="Client secret"
        secretName="client secret"
        hasStored={!!provider?.oidc?.has_client_secret}
        reason={oidcRetype(provider, values.oidc)}
      />
      <ListField name="oidc.scopes" label="Scopes" placeholder="openid" />
      <TextField name="oidc.username_claim" label="User name claim" required />
      <TextField name="oidc.email_claim" label="E-mail claim" />
      <TextField name="oidc.name_claim" label="Full name claim" />
      <TextField name="oidc.groups_claim" label="Groups claim" />
      <AdminGroupField name="oidc.admin_group" />
      <CheckboxField
        name="oidc.allow_cross_origin_endpoints"
        label="Endpoints on other origins"
        description="Send the client secret and tokens to token and userinfo endpoints outside the issuer's origin."
      />
      {provider?.redirect_uri ? (
        <p>
          Register this redirect URI at the provider: <code>{provider.redirect_uri}</code>
        </p>
      ) : null}
    </>
  );
}

function TestBench({ type, provider }: { type: EditableType; provider: Provider | undefined }) {
  const { values } = useFormikContext<ProviderValues>();
  const check = useResourceSave();
  const result = useResource<ProviderCheck | null>(PROVIDER_CHECK_KEY, { skip: true }).data;
  return (
    <section className="config-section" aria-label="Test bench">
      <h2>Test bench</h2>
      <p>
        {type === 'ldap'
          ? 'Connects with the settings above (saved or not), binds, finds the test user and reads its groups.'
          : 'Reads the discovery document and signing keys and checks the client credentials with the settings above.'}
      </p>
      {type === 'ldap' ? (
        <>
          <TextField name="test_username" label="Test user name" autoComplete="off" />
          <TextField
            name="test_password"
            label="Test user password"
            type="password"
            autoComplete="new-password"
            info="Optional: proves the password with a bind as the user."
          />
        </>
      ) : null}
      <button
        type="button"
        className="button"
        disabled={check.pending}
        onClick={() => {
          check.save({
            endpoint: testProvider,
            key: PROVIDERS_KEY,
            body: {
              type,
              [type]: settingsBody(type, values),
              ...(provider ? { id: provider.id } : {}),
              ...(type === 'ldap' && values.test_username ? { test_username: values.test_username } : {}),
              ...(type === 'ldap' && values.test_password ? { test_password: values.test_password } : {}),
            },
            resultKey: PROVIDER_CHECK_KEY,
          });
        }}
      >
        {check.pending ? 'Testing…' : 'Test provider'}
      </button>
      {result ? (
        <div role="status" aria-label="Test result">
          <p>
            <strong>{result.ok ? 'The check passed.' : 'The check failed.'}</strong>
          </p>
          <ol>
            {result.steps.map((s) => (
              <li key={s.step}>
                {s.ok ? <CheckIcon /> : <CloseIcon />} {s.ok ? 'Passed' : 'Failed'}: {s.step}: {s.message}
              </li>
            ))}
          </ol>
          {result.user ? (
            <dl aria-label="Mapped user">
              <dt>Entry</dt>
              <dd>{result.user.subject}</dd>
              <dt>User name</dt>
              <dd>{result.user.username || '—'}</dd>
              <dt>E-mail</dt>
              <dd>{result.user.email || '—'}</dd>
              <dt>Full name</dt>
              <dd>{result.user.name || '—'}</dd>
              <dt>Groups</dt>
              <dd>{result.user.groups.length ? result.user.groups.join(', ') : 'none'}</dd>
            </dl>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
