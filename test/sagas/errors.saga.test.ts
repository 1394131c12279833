import { errorsSaga } from '../../sagas/errors.saga';
import { errorReported, serializeError } from '../../src/api/errorReport';
import { ApiError } from '../../src/api/errors';
import { fieldValueChanged } from '../../src/store/slices/fieldErrors.slice';
import { stickyErrorConfirmed } from '../../src/store/slices/notifications.slice';
import { fakeApi, makeTestStore } from './fakes';

const error = (data: unknown, status = 422) =>
  new ApiError({
    kind: 'bad_request',
    status,
    data,
    message: `Request failed with status code ${status}`,
    url: '/api/dns',
    method: 'PUT',
  });

/** Lets the lazily loaded error handler run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

function setup() {
  const store = makeTestStore({ api: fakeApi({}).api });
  store.runSaga(errorsSaga);
  return store;
}

test('a reported field error forces the field invalid until its value changes', async () => {
  const store = setup();
  store.dispatch(
    errorReported(
      serializeError(
        error({
          detail: [{ loc: ['body', 'hostname'], type: 'value_error.missing', msg: 'field required' }],
        }),
      ),
    ),
  );
  await settle(); // the handler loads on the first error
  expect(store.getState().fieldErrors).toEqual({ hostname: 'This field is required.' });
  store.dispatch(fieldValueChanged({ name: 'other' }));
  expect(store.getState().fieldErrors).toEqual({ hostname: 'This field is required.' });
  store.dispatch(fieldValueChanged({ name: 'hostname' }));
  expect(store.getState().fieldErrors).toEqual({});
});

test('a reported error that requires confirmation opens a sticky modal until confirmed', async () => {
  const store = setup();
  store.dispatch(
    errorReported(
      serializeError(
        error(
          {
            detail: [
              { msg: 'Restart the DNS proxy to apply.', requiresConfirmation: true, title: 'Restart needed' },
            ],
          },
          409,
        ),
      ),
    ),
  );
  await settle(); // the handler loads on the first error
  const [sticky] = store.getState().notifications.stickyErrors;
  expect(sticky).toMatchObject({ title: 'Restart needed', message: 'Restart the DNS proxy to apply.' });
  store.dispatch(stickyErrorConfirmed({ localId: sticky.localId }));
  expect(store.getState().notifications.stickyErrors).toEqual([]);
});

test('a reported transport error becomes an error toast with the client message', async () => {
  const store = setup();
  store.dispatch(
    errorReported(
      serializeError(
        new ApiError({
          kind: 'timeout',
          message: 'timeout of 5000 ms exceeded',
          url: '/api/x',
          method: 'GET',
        }),
      ),
    ),
  );
  await settle(); // the handler loads on the first error
  expect(store.getState().notifications.toasts).toEqual([
    expect.objectContaining({ level: 'error', message: 'timeout of 5000 ms exceeded', duration: 4000 }),
  ]);
});
