/**
 * A detail page's entity, and the one rule every detail page follows: the entity is unknown when its load answered
 * 404 or, where the page loads the list it belongs to, the list does not hold it (the page is then the 404 naming
 * the path, see EntityFallback); a load that failed otherwise is said as such, never as "does not exist".
 */
import type { ResourceLoadError } from '../../../store/slices/resources.slice';
import { useResource } from '../../../store/useResource';

type Id = string | number;

export interface EntityView<T> {
  /** The entity's last answer; never when it is unknown. Data already shown stays when a reload fails otherwise. */
  data: T | undefined;
  /** The appliance does not know this id. */
  unknown: boolean;
  /** Its load failed for another reason (status: the HTTP status, none without an answer) and nothing is shown. */
  failure: ResourceLoadError | undefined;
  reload: () => void;
}

export function useEntity<T>(
  key: string,
  id: string,
  options: {
    /** The list the entity belongs to, when the page loads it (`{ data: [{ id }] }`). */
    list?: string;
    /** Nothing to load (e.g. a page for a new entity). */
    skip?: boolean;
  } = {},
): EntityView<T> {
  // The page says "not found" itself (EntityFallback), so the load's 404 raises no toast.
  const entity = useResource<T>(key, { skip: options.skip, notFoundIsPage: true });
  // Hooks run alike on every render: without a list, the list's read is an idle entry never loaded.
  const list = useResource<{ data?: Array<{ id: Id }> }>(options.list ?? '', {
    skip: options.skip || options.list === undefined,
  });
  const items = options.list !== undefined && list.status === 'loaded' ? list.data?.data : undefined;
  const unknown =
    !options.skip &&
    (entity.error?.status === 404 || (Array.isArray(items) && !items.some((i) => String(i.id) === id)));
  return {
    data: unknown ? undefined : entity.data,
    unknown,
    failure: !unknown && entity.status === 'failed' ? (entity.error ?? {}) : undefined,
    reload: entity.reload,
  };
}
