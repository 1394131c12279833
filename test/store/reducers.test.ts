import { configureStore, createSlice } from '@reduxjs/toolkit';
import { combineKeepingUnknown } from '../../src/store/reducers';

const counter = createSlice({
  name: 'counter',
  initialState: 0,
  reducers: { added: (n) => n + 1 },
});
const later = createSlice({
  name: 'later',
  initialState: { items: [] as string[] },
  reducers: { pushed: (s, a: { payload: string }) => void s.items.push(a.payload) },
});

test("a slice whose reducer is not there yet keeps the server's state until it arrives, then reduces it", () => {
  const store = configureStore({
    reducer: combineKeepingUnknown({ counter: counter.reducer }),
    preloadedState: { counter: 3, later: { items: ['from server'] } },
  });
  store.dispatch(counter.actions.added());
  store.dispatch(later.actions.pushed('ignored'));
  expect(store.getState()).toEqual({ counter: 4, later: { items: ['from server'] } });

  store.replaceReducer(combineKeepingUnknown({ counter: counter.reducer, later: later.reducer }));
  store.dispatch(later.actions.pushed('new'));
  expect(store.getState()).toEqual({ counter: 4, later: { items: ['from server', 'new'] } });
});

test('an action no reducer answers leaves the state object as it was (selectors do not rerun)', () => {
  const store = configureStore({
    reducer: combineKeepingUnknown({ counter: counter.reducer }),
    preloadedState: { counter: 1, later: { items: [] } },
  });
  const before = store.getState();
  store.dispatch({ type: 'nobody/listens' });
  expect(store.getState()).toBe(before);
});

test('without unknown keys it is the plain combination', () => {
  const store = configureStore({ reducer: combineKeepingUnknown({ counter: counter.reducer }) });
  expect(store.getState()).toEqual({ counter: 0 });
});
