/**
 * A list page's state: the page of rows its URL asks for (loaded through the resources saga, prefetched by the
 * route), and the changes of page, size, sort, search and filters written back to the URL.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListPage } from '../../../../shared/contracts/listing';
import { useResource } from '../../../../store/useResource';
import { listKey, listParams, type ListSource } from './listQuery';

export interface EntityList<T> {
  /** The page on screen: the last answer, kept while the next one loads so the table never flashes empty. */
  page: ListPage<T> | undefined;
  /** Nothing to show yet. */
  loading: boolean;
  failed: boolean;
  /** The query in effect (defaults filled in). */
  params: Record<string, string>;
  /** Changes the query; anything but the page itself goes back to page 1. */
  update: (changes: Record<string, string | null>) => void;
  reload: () => void;
}

export function useEntityList<T>(source: ListSource): EntityList<T> {
  const [search, setSearch] = useSearchParams();
  const key = listKey(source, search);
  const { data, status, reload } = useResource<ListPage<T>>(key);
  const [shown, setShown] = useState(data);
  // Adjusted during render (not in an effect): the new answer shows in the same pass that receives it.
  if (data && data !== shown) setShown(data);
  const update = (changes: Record<string, string | null>) => {
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const page = data ?? shown;
  return {
    page,
    loading: !page && (status === 'loading' || status === 'idle'),
    failed: !page && status === 'failed',
    params: listParams(source, search),
    update,
    reload,
  };
}
