/** Start-up step: the root saga, and the page's style asked for. */
import { rootSaga } from '../../../sagas/root';
import type { AppStore } from '../../store/createStore';
import { styleRequested } from '../../store/slices/layout.slice';

export function startSagas(store: AppStore): void {
  store.runSaga(rootSaga);
  store.dispatch(styleRequested());
}
