/** @jest-environment jsdom */
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select, SELECT_REQUIRED_TEXT } from '../../src/widgets/Select';
import { expectNoSeriousA11yViolations } from './support/a11y';

const options = [
  { name: 'Primary', value: 'primary' },
  { name: 'Secondary', value: 'secondary' },
];

function Harness({ required, onValue }: { required?: boolean; onValue?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Select
      label="Resolver"
      options={options}
      value={value}
      required={required}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

describe('Select', () => {
  it('is invalid when required and left empty', async () => {
    const user = userEvent.setup();
    render(<Harness required />);
    const select = screen.getByRole('combobox', { name: /Resolver/ });
    await user.click(select);
    await user.tab();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(SELECT_REQUIRED_TEXT);
    await user.selectOptions(select, 'secondary');
    expect(select).toHaveAttribute('aria-invalid', 'false');
    // Once chosen, a required select no longer offers the empty choice.
    expect(screen.queryByRole('option', { name: 'Select…' })).not.toBeInTheDocument();
  });

  it('lets an optional select go back to empty and stays valid', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    const select = screen.getByRole('combobox', { name: 'Resolver' });
    await user.selectOptions(select, 'primary');
    await user.selectOptions(select, '');
    expect(onValue.mock.calls).toEqual([['primary'], ['']]);
    await user.tab();
    expect(select).toHaveAttribute('aria-invalid', 'false');
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(
      <>
        <Harness />
        <Select
          label="Required"
          options={options}
          value=""
          required
          showValidation
          onChange={() => undefined}
        />
      </>,
    );
    await expectNoSeriousA11yViolations(container);
  });
});
