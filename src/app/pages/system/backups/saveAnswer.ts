/**
 * A store save as a promise, for the restore machine's actors: the save goes through the resources saga like the
 * page's other saves (its failure reaches the one error handler, its answer lands under `resultKey`), and the
 * promise settles with that answer, or rejects once the saga has reported the failure.
 */
import type { RootState } from '../../../../store/createStore';
import {
  resourceLoaded,
  resourceSaveRequested,
  saveOf,
  type EndpointSave,
  type WriteEndpoint,
} from '../../../../store/slices/resources.slice';

export interface SaveStore {
  dispatch: (action: unknown) => unknown;
  getState: () => RootState;
  subscribe: (listener: () => void) => () => void;
}

export class SaveFailedError extends Error {
  constructor() {
    super('the save failed (reported by the error handler)');
  }
}

export function saveAnswer<E extends WriteEndpoint>(
  store: SaveStore,
  change: EndpointSave<E> & { resultKey: string },
): Promise<unknown> {
  const action = resourceSaveRequested(saveOf(change));
  const { requestId } = action.payload;
  return new Promise((resolve, reject) => {
    const settle = () => {
      const status = store.getState().resources.saves[requestId];
      if (status === 'pending' || status === undefined) return false;
      unsubscribe();
      if (status === 'failed') reject(new SaveFailedError());
      else resolve(store.getState().resources.entries[change.resultKey]?.data);
      return true;
    };
    const unsubscribe = store.subscribe(() => void settle());
    store.dispatch(action);
    settle();
  });
}

/** Forgets an answer once taken (the plan holds no secret, but the page keeps one copy: the machine's). */
export const forgetAnswer = (store: SaveStore, key: string) =>
  store.dispatch(resourceLoaded({ key, data: null }));
