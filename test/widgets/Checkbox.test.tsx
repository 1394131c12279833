/** @jest-environment jsdom */
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from '../../src/widgets/Checkbox';
import { expectNoSeriousA11yViolations } from './support/a11y';

function Harness({ onValue, disabled }: { onValue?: (v: boolean) => void; disabled?: boolean }) {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox
      label="I read all terms"
      description="Required to continue"
      checked={checked}
      disabled={disabled}
      onChange={(v) => {
        setChecked(v);
        onValue?.(v);
      }}
    />
  );
}

describe('Checkbox', () => {
  it('toggles by click on the label and by Space', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    const box = screen.getByRole('checkbox', { name: 'I read all terms' });
    await user.click(screen.getByText('I read all terms'));
    expect(box).toBeChecked();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
    expect(onValue.mock.calls).toEqual([[true], [false]]);
    expect(box).toHaveAccessibleDescription('Required to continue');
  });

  it('ignores input when disabled', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness onValue={onValue} disabled />);
    await user.click(screen.getByRole('checkbox'));
    expect(onValue).not.toHaveBeenCalled();
  });

  it('shows the mixed state', () => {
    render(<Checkbox label="All rows" checked={false} indeterminate onChange={() => undefined} />);
    expect((screen.getByRole('checkbox') as HTMLInputElement).indeterminate).toBe(true);
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(<Harness />);
    await expectNoSeriousA11yViolations(container);
  });
});
