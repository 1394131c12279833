/**
 * A detail page's entity: its own resource, and the list it belongs to so an id the appliance does not know is
 * told apart from a failed load (the page then shows the 404 naming the path).
 */
import { useResource } from '../../../../store/useResource';
import type { ListAnswer } from '../types';

export function useEntity<T extends { id: string }, L extends { id: string } = T>(
  listKey: string,
  key: string,
  id: string,
) {
  const list = useResource<ListAnswer<L>>(listKey);
  const entity = useResource<T>(key);
  const unknown = list.status === 'loaded' && !!list.data && !list.data.data.some((i) => i.id === id);
  return { data: entity.data?.id === id ? entity.data : undefined, unknown, status: entity.status, list };
}
