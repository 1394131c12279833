/**
 * A detail page's entity, from one description shared by the page (EntityDetailPage) and its route (the prefetch
 * and the document title, see `detailHandle`), and the one rule every detail page follows: the entity is unknown
 * when its load answered 404 or, where the page loads the list it belongs to, the list does not hold it (the page is
 * then the 404 naming the path); a load that failed otherwise is said as such, never as "does not exist".
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { Params } from 'react-router';
import {
  entityLoadRequested,
  resourceLoadRequested,
  type ResourceLoadError,
} from '../../../../store/slices/resources.slice';
import { useResource } from '../../../../store/useResource';
import type { RouteHandle, TitleArgs } from '../../../routing/types';

type Id = string | number;

export interface EntityDetailSource<T> {
  /** The entity's resource key (its API path) for an id. */
  key: (id: string) => string;
  /** The list the entity belongs to, when the page loads it to tell an unknown id (`{ data: [{ id }] }`). */
  list?: string;
  /** An id that names no entity to load (e.g. `new`: the page of an entity being added). */
  isNew?: (id: string) => boolean;
  /** The entity's kind, capitalised ("Certificate authority"): the page's name while nothing is loaded. */
  noun: string;
  /** The entity in a sentence (default: "the <noun>", e.g. "the certificate authority"). */
  what?: string;
  /** The page's heading once loaded ("Group admins", "www.example.com"). */
  title: (entity: T) => string;
  /** The name of the page's region (default: the heading). */
  label?: (entity: T) => string;
  /** The document title before " · Rampart" (default: the heading). */
  documentTitle?: (entity: T) => string;
  /** The list page: the back link, and where the page goes once the entity is deleted. */
  back: { to: string; label: string };
}

export interface EntityView<T> {
  /** The entity's last answer; never when it is unknown. Data already shown stays when a reload fails otherwise. */
  data: T | undefined;
  /** The appliance does not know this id. */
  unknown: boolean;
  /** Its load failed for another reason (status: the HTTP status, none without an answer) and nothing is shown. */
  failure: ResourceLoadError | undefined;
  reload: () => void;
}

export function useEntityDetail<T>(source: EntityDetailSource<T>, id: string): EntityView<T> {
  const skip = source.isNew?.(id) ?? false;
  // The page says "not found" itself, so the load's 404 raises no toast.
  const entity = useResource<T>(source.key(id), { skip, notFoundIsPage: true });
  // Hooks run alike on every render: without a list, the list's read is an idle entry never loaded.
  const list = useResource<{ data?: Array<{ id: Id }> }>(source.list ?? '', {
    skip: skip || source.list === undefined,
  });
  const items = source.list !== undefined && list.status === 'loaded' ? list.data?.data : undefined;
  const unknown =
    !skip &&
    (entity.error?.status === 404 || (Array.isArray(items) && !items.some((i) => String(i.id) === id)));
  return {
    data: unknown ? undefined : entity.data,
    unknown,
    failure: !unknown && entity.status === 'failed' ? (entity.error ?? {}) : undefined,
    reload: entity.reload,
  };
}

/**
 * The route's side of a detail page: the server (and a client navigation) loads the entity, its list and `also`;
 * the document title is the entity's once it is loaded, its kind before (`title` for an id that names none).
 */
export function detailHandle<T>(
  source: EntityDetailSource<T>,
  options: {
    also?: (params: Params) => UnknownAction[];
    /** The title of a page whose id names no entity (see `isNew`). */
    newTitle?: (args: TitleArgs) => string;
  } = {},
): Required<Pick<RouteHandle, 'title' | 'prefetch'>> {
  return {
    title: (args) => {
      const id = args.params.id ?? '';
      if (source.isNew?.(id)) return options.newTitle?.(args) ?? source.noun;
      const entity = args.resource(source.key(id)) as T | undefined;
      if (entity === undefined || entity === null) return source.noun;
      return (source.documentTitle ?? source.title)(entity);
    },
    prefetch: ({ params }) => {
      const id = params.id;
      if (!id || source.isNew?.(id)) return [];
      return [
        ...(source.list ? [resourceLoadRequested({ key: source.list })] : []),
        entityLoadRequested(source.key(id)),
        ...(options.also?.(params) ?? []),
      ];
    },
  };
}
