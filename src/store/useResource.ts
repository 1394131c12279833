/**
 * Views' access to the resources slice: `useResource(key)` reads a resource (and loads it when nothing has yet,
 * e.g. on a client navigation without prefetch); `useResourceSave()` sends a change and follows its outcome.
 */
import { nanoid } from '@reduxjs/toolkit';
import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from './createStore';
import type { ResponseOf } from '../shared/contracts/endpoint';
import {
  resourceKeyOf,
  resourceLoadRequested,
  resourceSaveRequested,
  saveOf,
  selectResource,
  selectSaveStatus,
  type EndpointAt,
  type EndpointSave,
  type ReadEndpoint,
  type ResourceLoadError,
  type ResourceSave,
  type ResourceStatus,
  type SaveStatus,
  type WriteEndpoint,
} from './slices/resources.slice';
import { selectFieldError } from './slices/fieldErrors.slice';

export interface ResourceView<T> {
  /** The last answer; the caller states its shape (the appliance's documented response). */
  data: T | undefined;
  status: ResourceStatus;
  /** Why the last load failed (its HTTP status), until a load succeeds. */
  error: ResourceLoadError | undefined;
  reload: () => void;
}

export function useResource<T>(
  key: string,
  options: { skip?: boolean; notFoundIsPage?: boolean } = {},
): ResourceView<T> {
  const dispatch = useAppDispatch();
  const entry = useAppSelector(selectResource(key));
  const { notFoundIsPage } = options;
  const reload = useCallback(
    () => dispatch(resourceLoadRequested({ key, ...(notFoundIsPage ? { notFoundIsPage } : {}) })),
    [dispatch, key, notFoundIsPage],
  );
  useEffect(() => {
    if (!options.skip && entry.status === 'idle') reload();
  }, [entry.status, options.skip, reload]);
  return { data: entry.data as T | undefined, status: entry.status, error: entry.error, reload };
}

/**
 * A GET endpoint's answer, typed by its contract: `useEndpoint(dns.getProxy)`, or with the path's params and a query
 * (`useEndpoint(dns.getAccount, { params: { id } })`). The resource key is the endpoint's path (and query string).
 */
export function useEndpoint<E extends ReadEndpoint>(
  endpoint: E,
  at?: EndpointAt<E>,
  options: { skip?: boolean; notFoundIsPage?: boolean } = {},
): ResourceView<ResponseOf<E>> & { key: string } {
  const key = resourceKeyOf(endpoint, at);
  return { ...useResource<ResponseOf<E>>(key, options), key };
}

export interface SaveView {
  /**
   * Sends a change: described by its endpoint (`{ endpoint: dns.putProxySettings, body, key, message }`), or as a
   * plain method and path (areas not yet on contracts).
   */
  save: {
    <E extends WriteEndpoint>(change: EndpointSave<E>): string;
    (change: Omit<ResourceSave, 'requestId'>): string;
  };
  /** Outcome of the last save sent from this view. */
  status: SaveStatus | undefined;
  pending: boolean;
}

export function useResourceSave(): SaveView {
  const dispatch = useAppDispatch();
  const [requestId, setRequestId] = useState<string | null>(null);
  const status = useAppSelector(selectSaveStatus(requestId));
  const save = useCallback(
    (change: Omit<ResourceSave, 'requestId'> | EndpointSave<WriteEndpoint>) => {
      const id = nanoid();
      setRequestId(id);
      const plain = 'endpoint' in change ? saveOf(change) : change;
      dispatch(resourceSaveRequested({ ...plain, requestId: id }));
      return id;
    },
    [dispatch],
  ) as SaveView['save'];
  return { save, status, pending: status === 'pending' };
}

/**
 * The server's error for a form field (pydantic `loc` without `body`, joined with dots), for the field's widget. A
 * list field also shows its entries' errors (`listen_addresses.0` under `listen_addresses`).
 */
export function useServerFieldError(name: string): string | undefined {
  const exact = useAppSelector(selectFieldError(name));
  const entry = useAppSelector((s) => {
    const key = Object.keys(s.fieldErrors).find((k) => k.startsWith(`${name}.`));
    return key ? s.fieldErrors[key] : undefined;
  });
  return exact ?? entry;
}
