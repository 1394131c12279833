/** @jest-environment jsdom */
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TimeInput } from '../../src/widgets/TimeInput';
import { expectNoSeriousA11yViolations } from './support/a11y';

function Harness({ initial = '', onValue }: { initial?: string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TimeInput
      label="Backup time"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

describe('TimeInput', () => {
  it('shows 00:00 when empty, two digits each', () => {
    render(<Harness />);
    expect(screen.getByRole('textbox', { name: 'Hours' })).toHaveValue('00');
    expect(screen.getByRole('textbox', { name: 'Minutes' })).toHaveValue('00');
    expect(screen.getByRole('group', { name: 'Backup time' })).toBeInTheDocument();
  });

  it('clamps hours to 23 and minutes to 59, moving on after two hour digits', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    await user.click(screen.getByRole('textbox', { name: 'Hours' }));
    await user.keyboard('47');
    expect(onValue).toHaveBeenLastCalledWith('23:00');
    expect(screen.getByRole('textbox', { name: 'Minutes' })).toHaveFocus();
    await user.keyboard('75');
    expect(onValue).toHaveBeenLastCalledWith('23:59');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Minutes' })).toHaveValue('59');
  });

  it('steps with arrows, wrapping round', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness initial="23:00" onValue={onValue} />);
    await user.click(screen.getByRole('textbox', { name: 'Hours' }));
    await user.keyboard('{ArrowUp}');
    expect(onValue).toHaveBeenLastCalledWith('00:00');
    await user.click(screen.getByRole('textbox', { name: 'Minutes' }));
    await user.keyboard('{ArrowDown}');
    expect(onValue).toHaveBeenLastCalledWith('00:59');
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(<Harness initial="12:30" />);
    await expectNoSeriousA11yViolations(container);
  });
});
