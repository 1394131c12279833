/**
 * The detail page of an entity (a user, a certificate, …), from one description (EntityDetailSource, shared with
 * its route: prefetch and document title): who may change it (the accounts that may write its privilege area, or
 * admins only), its load, the 404 naming the path for an id the appliance does not know, a clear error with "Try
 * again" when the load failed otherwise, then the page itself: header with the back link to the list, the read-only
 * notice, the page's sections, and deleting the entity after a confirmation that names it, back to the list once the
 * appliance has deleted it.
 *
 * A page is `entityDetailPage(source, Body, { writableBy })`: Body is rendered once the entity is loaded (it may use
 * hooks); it frames itself with EntityDetailView (header, actions row, sections) and, when its delete action belongs
 * in a form, places the DeleteButton there (EntityForm does).
 */
import { createContext, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Area } from '../../../../shared/privileges';
import { useCanWrite, useIsAdmin } from '../../../../store/usePrivilege';
import { useResourceSave } from '../../../../store/useResource';
import type { EndpointSave, ResourceSave, WriteEndpoint } from '../../../../store/slices/resources.slice';
import { ConfirmationModal } from '../../../../widgets/ConfirmationModal';
import { Loader } from '../../../../widgets/Loader';
import { PageHeader, type PageHeaderProps } from '../../../../widgets/PageHeader';
import { ErrorPage } from '../../../errors/ErrorPage';
import { useRenderStatus } from '../../../renderStatus';
import { ReadOnlyNotice, ReadOnlyScope, useReadOnly } from '../config/ReadOnly';
import { useEntityDetail, type EntityDetailSource, type EntityView } from './useEntityDetail';
import '../config/config.css';
import './entity.css';

export interface EntityDetailOptions {
  /** Who may change the entity: the accounts that may write this privilege area, or admins only. */
  writableBy: Area | 'admins';
  /** Why the page is read-only, said under its header (default: the groups grant read access only; null: nothing). */
  readOnlyNotice?: string | null;
  /** The page for an id that names no entity (see `isNew`), e.g. the form of a new one. */
  New?: ComponentType;
}

interface DetailContext {
  source: EntityDetailSource<unknown>;
  /** The entity's id (the route's `:id`) and resource key. */
  id: string;
  key: string;
  entity: unknown;
  readOnlyNotice: string | null | undefined;
}

const Detail = createContext<DetailContext | null>(null);

/** The resource key of the entity the page shows. */
export function useEntityKey(): string {
  const detail = useContext(Detail);
  if (!detail) throw new Error('useEntityKey belongs inside an entity detail page');
  return detail.key;
}

/** The id of the entity the page shows: the `id` param of its endpoints (`users/:id`). */
export function useEntityId(): string {
  const detail = useContext(Detail);
  if (!detail) throw new Error('useEntityId belongs inside an entity detail page');
  return detail.id;
}

/** An endpoint of the entity (its path has `:id`), called with the page's id. */
export type EntityEndpoint = WriteEndpoint;

/** The save of an entity endpoint with the page's id as its `id` param. */
export function entitySave(
  endpoint: EntityEndpoint,
  id: string,
  rest: Omit<ResourceSave, 'requestId' | 'method' | 'path' | 'body'> & { body?: unknown },
): EndpointSave<WriteEndpoint> {
  return { ...rest, endpoint, params: { id } } as unknown as EndpointSave<WriteEndpoint>;
}

/**
 * The route component of an entity's detail page: `Body` is the page once its entity is loaded (it may use hooks
 * and frames itself with EntityDetailView).
 */
export function entityDetailPage<T>(
  source: EntityDetailSource<T>,
  Body: ComponentType<{ entity: T }>,
  options: EntityDetailOptions,
): ComponentType {
  function EntityDetailPage() {
    const id = useParams().id ?? '';
    const entity = useEntityDetail(source, id);
    const isAdmin = useIsAdmin();
    // (Hooks run alike on every render: an admins-only page reads an area's privilege it does not use.)
    const canWrite = useCanWrite(options.writableBy === 'admins' ? 'authentication' : options.writableBy);
    const writable = options.writableBy === 'admins' ? isAdmin : canWrite;
    const isNew = source.isNew?.(id) ?? false;
    if (!isNew && entity.data === undefined) return <EntityFallback entity={entity} source={source} />;
    const { New } = options;
    return (
      <ReadOnlyScope readOnly={!writable}>
        <Detail.Provider
          value={{
            source: source as EntityDetailSource<unknown>,
            id,
            key: source.key(id),
            entity: entity.data,
            readOnlyNotice: options.readOnlyNotice,
          }}
        >
          {entity.data !== undefined ? <Body entity={entity.data} /> : New ? <New /> : null}
        </Detail.Provider>
      </ReadOnlyScope>
    );
  }
  EntityDetailPage.displayName = `EntityDetailPage(${source.noun})`;
  return EntityDetailPage;
}

/** Deleting the entity the page shows. */
export interface EntityRemoval {
  /** The confirmation, naming the entity and what its deletion does (the dialog asks "Delete <noun>?"). */
  message: string;
  /** The toast once deleted. */
  done: string;
  /** The entity's DELETE endpoint (`users/:id`: called with the page's id). */
  endpoint: EntityEndpoint;
  /** The list's resource key (reloaded once deleted), and other keys to reload. */
  key: string;
  refresh?: string[];
}

const Removal = createContext<{ ask: () => void; pending: boolean } | null>(null);

/**
 * The frame of a loaded detail page: its region (named as the page), the header (title from the source, back link
 * to the list), the read-only notice, the page's sections, and the delete confirmation when the entity may be
 * deleted.
 */
export function EntityDetailView({
  header,
  title: ownTitle,
  actions,
  remove,
  className,
  children,
}: {
  /** What the header shows besides the title and the back link. */
  header?: Omit<PageHeaderProps, 'title' | 'backLink'>;
  /** The title of a page with no entity yet (a new one). */
  title?: string;
  /** The row of actions under the header (downloads, renew…); Delete ends it when the entity may be deleted. */
  actions?: ReactNode;
  remove?: EntityRemoval;
  className?: string;
  children: ReactNode;
}) {
  const detail = useContext(Detail);
  if (!detail) throw new Error('EntityDetailView belongs inside EntityDetailPage');
  const { source, entity, id } = detail;
  const readOnly = useReadOnly();
  const navigate = useNavigate();
  const removal = useResourceSave();
  const [asking, setAsking] = useState(false);
  // Deleted: back to the list once the appliance said yes (refused, the page stays with the error).
  useEffect(() => {
    if (removal.status === 'done') void navigate(source.back.to);
  }, [removal.status, navigate, source.back.to]);
  const title = entity === undefined ? (ownTitle ?? source.noun) : source.title(entity);
  const label = entity === undefined ? title : (source.label ?? source.title)(entity);
  return (
    <section className={`page config-page${className ? ` ${className}` : ''}`} aria-label={label}>
      <PageHeader {...header} title={title} backLink={source.back} />
      {detail.readOnlyNotice === null ? null : <ReadOnlyNotice text={detail.readOnlyNotice} />}
      <Removal.Provider value={{ ask: () => setAsking(true), pending: removal.pending }}>
        {actions ? (
          <div className="entity-actions">
            {actions}
            {remove ? <DeleteButton danger /> : null}
          </div>
        ) : null}
        {children}
      </Removal.Provider>
      {remove ? (
        <ConfirmationModal
          open={asking && !readOnly}
          title={`Delete ${source.noun.toLowerCase()}?`}
          message={remove.message}
          yesLabel="Delete"
          noLabel="Cancel"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            removal.save(
              entitySave(remove.endpoint, id, {
                key: remove.key,
                message: remove.done,
                ...(remove.refresh ? { refresh: remove.refresh } : {}),
              }),
            );
          }}
        />
      ) : null}
    </section>
  );
}

/** The button that asks to delete the page's entity (disabled on a read-only page and while it is deleted). */
export function DeleteButton({ label = 'Delete', danger = false }: { label?: string; danger?: boolean }) {
  const removal = useContext(Removal);
  const readOnly = useReadOnly();
  if (!removal) throw new Error('DeleteButton belongs inside an EntityDetailView with `remove`');
  return (
    <button
      type="button"
      className={danger ? 'button button--danger' : 'button'}
      disabled={readOnly || removal.pending}
      onClick={removal.ask}
    >
      {label}
    </button>
  );
}

/** A section of a detail page, named by its heading. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="config-section" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/**
 * A button that asks the appliance to do something to the page's entity (an endpoint of the entity's contract:
 * publish a CRL, renew), the entity reloaded after; disabled on a read-only page and while the request runs.
 */
export function EntityAction<E extends WriteEndpoint>({
  label,
  request,
}: {
  label: string;
  /** The endpoint, its params and body, the toast and the other keys to reload (the entity's own is added). */
  request: Omit<EndpointSave<E>, 'key'>;
}) {
  const key = useEntityKey();
  const action = useResourceSave();
  const readOnly = useReadOnly();
  return (
    <button
      type="button"
      className="button"
      disabled={action.pending || readOnly}
      onClick={() => action.save({ ...request, key } as EndpointSave<E>)}
    >
      {label}
    </button>
  );
}

/** Why a load failed, in the user's words. */
export function reasonOf(status: number | undefined): string {
  if (status === undefined) return 'the appliance could not be reached.';
  if (status === 401) return 'your session has ended.';
  if (status === 403) return 'you may not see it.';
  return `the appliance answered with an error (HTTP ${status}).`;
}

/**
 * What a detail page shows while it has no entity to show: the spec's 404 naming the path for an id the appliance
 * does not know (a server render of it answers HTTP 404), a clear error (with "Try again") when the load failed
 * otherwise, else its loading state.
 */
function EntityFallback<T>({ entity, source }: { entity: EntityView<T>; source: EntityDetailSource<T> }) {
  if (entity.unknown) return <EntityNotFound />;
  const { noun, what = `the ${noun.toLowerCase()}` } = source;
  if (!entity.failure)
    return (
      <section className="page config-page" aria-label={noun} aria-busy="true">
        <Loader label={`Loading ${what}…`} />
      </section>
    );
  return (
    <section className="page config-page" aria-label={noun}>
      <p role="alert">{`${what[0].toUpperCase()}${what.slice(1)} could not be loaded: ${reasonOf(entity.failure.status)}`}</p>
      <p>
        <button type="button" className="button" onClick={entity.reload}>
          Try again
        </button>
      </p>
    </section>
  );
}

function EntityNotFound() {
  const { pathname } = useLocation();
  useRenderStatus(404);
  return <ErrorPage status={404} path={pathname} />;
}
