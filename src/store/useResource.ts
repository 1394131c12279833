/**
 * Views' access to the resources slice: `useResource(key)` reads a resource (and loads it when nothing has yet,
 * e.g. on a client navigation without prefetch); `useResourceSave()` sends a change and follows its outcome.
 */
import { nanoid } from '@reduxjs/toolkit';
import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from './createStore';
import {
  resourceLoadRequested,
  resourceSaveRequested,
  selectResource,
  selectSaveStatus,
  type ResourceLoadError,
  type ResourceSave,
  type ResourceStatus,
  type SaveStatus,
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

export interface SaveView {
  save: (change: Omit<ResourceSave, 'requestId'>) => string;
  /** Outcome of the last save sent from this view. */
  status: SaveStatus | undefined;
  pending: boolean;
}

export function useResourceSave(): SaveView {
  const dispatch = useAppDispatch();
  const [requestId, setRequestId] = useState<string | null>(null);
  const status = useAppSelector(selectSaveStatus(requestId));
  const save = useCallback(
    (change: Omit<ResourceSave, 'requestId'>) => {
      const id = nanoid();
      setRequestId(id);
      dispatch(resourceSaveRequested({ ...change, requestId: id }));
      return id;
    },
    [dispatch],
  );
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
