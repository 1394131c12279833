/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The shared form of server-rendered screens: what was typed into the server-rendered inputs before hydration
 * becomes the form's values (shown and submitted); hidden, disabled and read-only inputs keep the form's values.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field, Formik, Form as FormikForm } from 'formik';
import { act, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Form } from '../../../src/app/forms/Form';

interface Values {
  username: string;
  password: string;
  remember: boolean;
  csrf_token: string;
  locked: string;
  traits: { email: string };
}

const initial: Values = {
  username: '',
  password: '',
  remember: false,
  csrf_token: 'server-token',
  locked: 'as served',
  traits: { email: '' },
};

function SignIn({
  FormOf,
  onSubmit,
}: {
  FormOf: ComponentType<{ children: ReactNode }>;
  onSubmit: (v: Values) => void;
}) {
  return (
    <Formik<Values> initialValues={initial} onSubmit={onSubmit}>
      <FormOf>
        <label htmlFor="u">Username</label>
        <Field id="u" name="username" />
        <label htmlFor="p">Password</label>
        <Field id="p" name="password" type="password" />
        <label htmlFor="e">E-mail</label>
        <Field id="e" name="traits.email" type="email" />
        <label htmlFor="r">Remember me</label>
        <Field id="r" name="remember" type="checkbox" />
        <Field name="csrf_token" type="hidden" />
        <label htmlFor="l">Locked</label>
        <Field id="l" name="locked" readOnly />
        <button type="submit">Log in</button>
      </FormOf>
    </Formik>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** Server-renders the form, "types" into its inputs before any script ran, then hydrates it. */
async function typeBeforeHydration(FormOf: ComponentType<{ children: ReactNode }>) {
  const onSubmit = jest.fn();
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<SignIn FormOf={FormOf} onSubmit={onSubmit} />);
  const input = (selector: string) => container.querySelector(selector) as HTMLInputElement;
  input('#u').value = 'ann';
  input('#p').value = 's3cret pass';
  input('#e').value = 'ann@example.com';
  input('#r').checked = true;
  input('[name=csrf_token]').value = 'tampered';
  input('#l').value = 'tampered';
  await act(async () => {
    root = hydrateRoot(container, <SignIn FormOf={FormOf} onSubmit={onSubmit} />);
  });
  return onSubmit;
}

it('keeps what was typed before hydration and submits it; hidden and read-only fields stay as served', async () => {
  const onSubmit = await typeBeforeHydration(Form);
  const user = userEvent.setup();
  // Typing on after hydration continues from what was typed before it.
  await user.type(screen.getByLabelText('Username'), 'e');
  expect(screen.getByLabelText('Username')).toHaveValue('anne');
  expect(screen.getByLabelText('Password')).toHaveValue('s3cret pass');
  expect(screen.getByLabelText('Remember me')).toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  expect(onSubmit.mock.calls[0][0]).toEqual({
    username: 'anne',
    password: 's3cret pass',
    remember: true,
    csrf_token: 'server-token',
    locked: 'as served',
    traits: { email: 'ann@example.com' },
  });
});

it("Formik's own form loses what was typed before hydration (why the screens use the shared one)", async () => {
  const onSubmit = await typeBeforeHydration(FormikForm);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), 'e');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  expect(onSubmit.mock.calls[0][0]).toMatchObject({ password: '', traits: { email: '' }, remember: false });
});

it('leaves a form mounted in the browser with its initial values', async () => {
  const onSubmit = jest.fn();
  const container = document.createElement('div');
  document.body.append(container);
  const client = createRoot(container);
  root = client;
  await act(async () => client.render(<SignIn FormOf={Form} onSubmit={onSubmit} />));
  await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(initial, expect.anything()));
});
