/** @jest-environment jsdom */
import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextInput, INFO_HINT_MS, type TextInputProps } from '../../src/widgets/TextInput';
import { Formik, Form } from 'formik';
import { object } from 'yup';
import { FormikTextInput } from '../../src/widgets/TextInput/FormikTextInput';
import { fieldSchema } from '../../src/lib/validation/yup';
import { expectNoSeriousA11yViolations } from './support/a11y';

function Harness(props: Partial<TextInputProps> & { initial?: string; onValue?: (v: string) => void }) {
  const { initial = '', onValue, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <TextInput
      label="Server"
      {...rest}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

describe('TextInput', () => {
  it('hints what fits in a few words, and says "must be" only for a bad value after leaving the field', async () => {
    const user = userEvent.setup();
    render(<Harness validators={['integer', 'wildcard']} min={1} max={65535} />);
    const input = screen.getByRole('textbox', { name: 'Server' });
    // A hint, not an error: nothing reads "must be" before a value is wrong.
    expect(input).toHaveAccessibleDescription('1–65535 or *');
    expect(screen.queryByText(/must be/)).not.toBeInTheDocument();
    await user.type(input, '70000');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Value must be an integer (min 1, max 65535) or a wildcard (*)',
    );
    expect(input).toHaveAccessibleDescription(
      'Value must be an integer (min 1, max 65535) or a wildcard (*)',
    );
    await user.clear(input);
    await user.type(input, '*');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats optional empty as valid and required empty as invalid', async () => {
    const user = userEvent.setup();
    const validity = jest.fn();
    const { unmount } = render(<Harness validators={['ip']} onValidityChange={validity} />);
    await user.click(screen.getByRole('textbox'));
    await user.tab();
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'false');
    expect(validity).toHaveBeenLastCalledWith(true);
    unmount();

    render(<Harness validators={['ip']} required onValidityChange={validity} />);
    expect(validity).toHaveBeenLastCalledWith(false);
    await user.click(screen.getByRole('textbox'));
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required.');
  });

  it('shows a server error (forced-invalid) until the value changes', async () => {
    const user = userEvent.setup();
    render(<Harness initial="router" serverError="Hostname already in use" />);
    const input = screen.getByRole('textbox', { name: 'Server' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Hostname already in use');
    await user.type(input, '2');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Hostname already in use')).not.toBeInTheDocument();
    await user.type(input, '{Backspace}');
    expect(input).toHaveValue('router');
    expect(screen.queryByText('Hostname already in use')).not.toBeInTheDocument();
  });

  it('adds comma-separated values in multi-value mode with Enter or the Add action, rejecting bad ones', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness validators={['ip']} multiple onValue={onValue} />);
    const entry = screen.getByRole('textbox', { name: 'Server' });
    await user.type(entry, '10.0.0.1, 10.0.0.2{Enter}');
    expect(onValue).toHaveBeenLastCalledWith('10.0.0.1, 10.0.0.2');
    expect(entry).toHaveValue('');
    await user.type(entry, 'nope');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent('nope: value must be an IPv4 address');
    expect(onValue).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Remove 10.0.0.1' }));
    expect(onValue).toHaveBeenLastCalledWith('10.0.0.2');
    await user.clear(entry);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a value to add.');
  });

  it('shows the info hint for 2000 ms', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(<Harness info="The DNS server the appliance asks first." />);
      await user.click(screen.getByRole('button', { name: 'About Server' }));
      expect(screen.getByText('The DNS server the appliance asks first.')).toBeVisible();
      act(() => jest.advanceTimersByTime(INFO_HINT_MS - 10));
      expect(screen.getByText('The DNS server the appliance asks first.')).toBeVisible();
      act(() => jest.advanceTimersByTime(20));
      expect(screen.queryByText('The DNS server the appliance asks first.')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('has no serious accessibility violations in its states', async () => {
    const { container } = render(
      <>
        <Harness validators={['fqdn']} info="Help" />
        <Harness validators={['fqdn']} required showValidation />
        <Harness initial="x" serverError="Taken" />
        <Harness multiple initial="a, b" />
      </>,
    );
    await expectNoSeriousA11yViolations(container);
  });
});

describe('FormikTextInput', () => {
  it('blocks submission on the same rules, and shows and clears a server error', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn((_values: { host: string }, helpers: { setStatus: (s: unknown) => void }) => {
      helpers.setStatus({ serverErrors: { host: 'Host is unreachable' } });
    });
    render(
      <Formik
        initialValues={{ host: '' }}
        validationSchema={object({ host: fieldSchema({ validators: ['ip', 'fqdn'], required: true }) })}
        onSubmit={onSubmit}
      >
        <Form>
          <FormikTextInput name="host" label="Host" validators={['ip', 'fqdn']} required />
          <button type="submit">Save</button>
        </Form>
      </Formik>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This field is required.');
    expect(onSubmit).not.toHaveBeenCalled();
    const input = screen.getByRole('textbox', { name: /Host/ });
    await user.type(input, 'bad host');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('alert')).toHaveTextContent('Host is unreachable');
    await user.type(input, 'x');
    expect(screen.queryByText('Host is unreachable')).not.toBeInTheDocument();
  });
});

it('marks a required input for assistive technology and shows the asterisk', () => {
  render(<TextInput label="Name" value="" onChange={() => undefined} required />);
  expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-required', 'true');
  expect(screen.getByText('*')).toBeInTheDocument();
});
