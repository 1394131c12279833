/** @jest-environment jsdom */
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RangeInput } from '../../src/widgets/RangeInput';
import { expectNoSeriousA11yViolations } from './support/a11y';

function Harness({ initial = 5, min, max }: { initial?: number; min?: number; max?: number }) {
  const [value, setValue] = useState(initial);
  return <RangeInput label="Level" value={value} onChange={setValue} min={min} max={max} />;
}

describe('RangeInput', () => {
  it('defaults to 0–10', () => {
    render(<Harness />);
    const slider = screen.getByRole('slider', { name: 'Level' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '10');
  });

  it('clamps an out-of-range value', () => {
    render(<Harness initial={42} />);
    expect(screen.getByRole('slider')).toHaveValue('10');
    expect(screen.getByText('10')).toBeInTheDocument();
  });

  it('emits clamped values when changed', () => {
    const onChange = jest.fn();
    render(<RangeInput label="Level" value={2} min={1} max={4} onChange={onChange} />);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '3' } });
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it('can be reached with Tab', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(screen.getByRole('slider')).toHaveFocus();
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(<Harness />);
    await expectNoSeriousA11yViolations(container);
  });
});
