/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { ApiError } from '../../src/api/errors';
import { errorActions } from '../../src/api/errorHandler';
import { StoreFieldErrors } from '../../src/app/forms/StoreFieldErrors';
import { createAppStore } from '../../src/store/createStore';
import { FOCUS_DELAY_MS } from '../../src/widgets/Field';
import { ListInput } from '../../src/widgets/ListInput';
import { NumberInput } from '../../src/widgets/NumberInput';
import { Select } from '../../src/widgets/Select';
import { TextInput } from '../../src/widgets/TextInput';

const offline = {} as never;

/** A 422 as the appliance answers it (spec §8: pydantic-style detail list). */
const rejected = (field: string, type: string, msg = 'bad') =>
  new ApiError({
    kind: 'bad_request',
    status: 422,
    data: { detail: [{ loc: ['body', field], msg, type }] },
    message: 'Request failed with status code 422',
    url: '/api/dns',
    method: 'PUT',
  });

function Form() {
  const [host, setHost] = useState('old-name');
  const [mode, setMode] = useState('a');
  const [port, setPort] = useState<number | null>(53);
  const [servers, setServers] = useState<string[]>(['10.0.0.1']);
  return (
    <form>
      <TextInput label="Host name" name="hostname" value={host} onChange={setHost} />
      <Select
        label="Mode"
        name="mode"
        value={mode}
        onChange={setMode}
        options={[
          { name: 'A', value: 'a' },
          { name: 'B', value: 'b' },
        ]}
      />
      <NumberInput label="Port" name="port" value={port} onChange={setPort} />
      <ListInput label="Servers" name="servers" values={servers} onChange={setServers} />
    </form>
  );
}

function setup() {
  jest.useFakeTimers();
  const store = createAppStore({ context: { api: offline, platform: 'browser' } });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <Provider store={store}>
      <StoreFieldErrors>
        <Form />
      </StoreFieldErrors>
    </Provider>,
  );
  const reject = (error: ApiError) => act(() => errorActions(error).forEach((a) => store.dispatch(a)));
  return { store, user, reject };
}

afterEach(() => jest.useRealTimers());

describe('server field errors reach the field (spec §4 forced-invalid, §8, §9 focus delay)', () => {
  it('shows the catalogue message under the text input, focuses it after 50 ms, and clears on change', async () => {
    const { store, user, reject } = setup();
    reject(rejected('hostname', 'value_error.missing'));
    const input = screen.getByLabelText('Host name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This field is required.');
    expect(input).not.toHaveFocus();
    act(() => jest.advanceTimersByTime(FOCUS_DELAY_MS - 1));
    expect(input).not.toHaveFocus();
    act(() => jest.advanceTimersByTime(1));
    expect(input).toHaveFocus();

    await user.type(input, 'x');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    expect(store.getState().fieldErrors).toEqual({});
  });

  it.each([
    ['Mode', 'mode', 'enum'],
    ['Port', 'port', 'int_parsing'],
    ['New Servers entry', 'servers', 'too_short'],
  ])('the %s input shows the error for its name and receives focus', (label, field, type) => {
    const { reject } = setup();
    reject(rejected(field, type, 'server says no'));
    const control = screen.getByLabelText(label);
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(/\S/);
    act(() => jest.advanceTimersByTime(FOCUS_DELAY_MS));
    expect(control).toHaveFocus();
  });

  it('focuses the first marked input on the page, in document order', () => {
    const { store } = setup();
    act(() => {
      store.dispatch({ type: 'fieldErrors/fieldErrorSet', payload: { name: 'port', message: 'Too high.' } });
      store.dispatch({ type: 'fieldErrors/fieldErrorSet', payload: { name: 'mode', message: 'Pick one.' } });
    });
    act(() => jest.advanceTimersByTime(FOCUS_DELAY_MS));
    expect(screen.getByLabelText('Mode')).toHaveFocus();
  });
});
