/**
 * /authentication/services/{id}: the providers a service authenticates against, in fallback order. Move up / Move
 * down buttons (keyboard reachable, focus stays on the moved entry), Remove, and Add from the providers not yet
 * listed; Save sends the whole order. The appliance refuses what would lock admins out (the console keeps the local
 * accounts) or cannot work (OpenID Connect outside the console), and the error shows under the list.
 */
import { useEffect, useRef, useState } from 'react';
import { Select } from '../../../widgets/Select';
import { useResource, useResourceSave, useServerFieldError } from '../../../store/useResource';
import { FieldError } from '../common/config/fields';
import { WritableFieldset } from '../common/config/ReadOnly';
import { DetailSection, EntityDetailView, entityDetailPage } from '../common/entity/EntityDetailPage';
import type { EntityDetailSource } from '../common/entity/useEntityDetail';
import { PROVIDER_TYPE_NAMES } from './ProvidersPage';
import { PROVIDERS_KEY, SERVICES_KEY, serviceKey } from './resources';
import { putService, type AuthService, type listProviders } from '../../../shared/contracts/authentication';
import type { ResponseOf } from '../../../shared/contracts/endpoint';
import { ArrowDownIcon, ArrowUpIcon } from '../../../widgets/icons';

export const SERVICE_DETAIL: EntityDetailSource<AuthService> = {
  key: serviceKey,
  // The services are a fixed set: the appliance refuses another id (422), the list tells it is unknown.
  list: SERVICES_KEY,
  noun: 'Service',
  title: (s) => `Service ${s.name}`,
  back: { to: '/authentication/services', label: 'Services' },
};

function ServiceDetail({ entity: data }: { entity: AuthService }) {
  const providers = useResource<ResponseOf<typeof listProviders>>(PROVIDERS_KEY).data?.data ?? [];
  const save = useResourceSave();
  const [edited, setOrder] = useState<number[] | null>(null);
  const [adding, setAdding] = useState('');
  const focusId = useRef<string | null>(null);
  const serverError = useServerFieldError('provider_ids');
  useEffect(() => {
    if (focusId.current) document.getElementById(focusId.current)?.focus();
    focusId.current = null;
  });

  const saved = data.providers.map((p) => p.id);
  const order = edited ?? saved;
  const byId = new Map(providers.map((p) => [p.id, p]));
  for (const p of data.providers) if (!byId.has(p.id)) byId.set(p.id, { ...p, updated_at: 0 });
  const dirty = order.join(',') !== saved.join(',');
  const available = providers.filter((p) => !order.includes(p.id));

  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    focusId.current = `service-provider-${next[index + by]}-${by < 0 ? 'up' : 'down'}`;
    setOrder(next);
  };

  return (
    <EntityDetailView header={{ actionDescription: data.description }}>
      <DetailSection title="Providers in order">
        <p>Asked from the top: the first provider that knows the account decides.</p>
        <WritableFieldset>
          <ol className="service-providers">
            {order.map((pid, i) => {
              const p = byId.get(pid);
              const label = p ? p.name : `Provider ${pid}`;
              return (
                <li key={pid}>
                  <span>
                    {label} {p ? `(${PROVIDER_TYPE_NAMES[p.type]}${p.enabled ? '' : ', disabled'})` : ''}
                  </span>{' '}
                  <button
                    type="button"
                    className="button"
                    id={`service-provider-${pid}-up`}
                    aria-label={`Move ${label} up`}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUpIcon />
                  </button>
                  <button
                    type="button"
                    className="button"
                    id={`service-provider-${pid}-down`}
                    aria-label={`Move ${label} down`}
                    disabled={i === order.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDownIcon />
                  </button>
                  <button
                    type="button"
                    className="button"
                    aria-label={`Remove ${label}`}
                    onClick={() => setOrder(order.filter((x) => x !== pid))}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ol>
          {serverError ? <FieldError message={serverError} /> : null}
          {available.length ? (
            <div className="config-field">
              <Select
                name="add-provider"
                label="Add a provider"
                options={[
                  { name: 'Choose…', value: '' },
                  ...available.map((p) => ({ name: p.name, value: String(p.id) })),
                ]}
                value={adding}
                onChange={setAdding}
              />
              <button
                type="button"
                className="button"
                disabled={!adding}
                onClick={() => {
                  setOrder([...order, Number(adding)]);
                  setAdding('');
                }}
              >
                Add
              </button>
            </div>
          ) : null}
          <div className="config-form__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={!dirty || save.pending}
              onClick={() =>
                save.save({
                  key: serviceKey(data.id),
                  endpoint: putService,
                  params: { id: data.id },
                  body: { provider_ids: order },
                  message: 'Service saved.',
                  refresh: [SERVICES_KEY],
                })
              }
            >
              Save
            </button>
            <button type="button" className="button" disabled={!dirty} onClick={() => setOrder(null)}>
              Reset
            </button>
          </div>
        </WritableFieldset>
      </DetailSection>
    </EntityDetailView>
  );
}

// Services decide who signs in: authentication readers see the order, only admins change it (as the appliance says).
export const ServiceDetailPage = entityDetailPage(SERVICE_DETAIL, ServiceDetail, {
  writableBy: 'admins',
  readOnlyNotice:
    'You can view this service but not change it: only administrators change where accounts come from.',
});
