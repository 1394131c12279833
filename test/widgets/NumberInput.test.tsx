/** @jest-environment jsdom */
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NumberInput } from '../../src/widgets/NumberInput';
import { expectNoSeriousA11yViolations } from './support/a11y';

function Harness({
  min,
  max,
  onValue,
}: {
  min?: number;
  max?: number;
  onValue?: (v: number | null) => void;
}) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <NumberInput
      label="Port"
      value={value}
      min={min}
      max={max}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

describe('NumberInput', () => {
  it('blocks e, +, /, \\, = and the decimal point', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('spinbutton', { name: 'Port' });
    await user.type(input, '1e+2/3\\4=5.6');
    expect(input).toHaveValue('123456');
  });

  it('caps at max and clamps up to min when leaving', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness min={10} max={100} onValue={onValue} />);
    const input = screen.getByRole('spinbutton');
    await user.type(input, '999');
    expect(input).toHaveValue('100');
    expect(onValue).toHaveBeenLastCalledWith(100);
    await user.clear(input);
    await user.type(input, '5');
    await user.tab();
    expect(input).toHaveValue('10');
    expect(onValue).toHaveBeenLastCalledWith(10);
  });

  it('steps with the arrow keys within bounds', async () => {
    const user = userEvent.setup();
    render(<Harness min={0} max={2} />);
    const input = screen.getByRole('spinbutton');
    await user.click(input);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('2');
    expect(input).toHaveAttribute('aria-valuenow', '2');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('1');
  });

  it('empties to null', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    await user.type(screen.getByRole('spinbutton'), '4{Backspace}');
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(<Harness min={1} max={65535} />);
    await expectNoSeriousA11yViolations(container);
  });
});
