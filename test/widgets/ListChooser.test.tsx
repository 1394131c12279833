/** @jest-environment jsdom */
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListChooser, PLACEHOLDER_ROWS, type ListChooserProps } from '../../src/widgets/ListChooser';
import { expectNoSeriousA11yViolations } from './support/a11y';

const items = [
  { id: 'sshd', name: 'sshd' },
  { id: 'dnsmasq', name: 'dnsmasq', description: 'DNS proxy' },
  { id: 'kernel', name: 'kernel' },
];

function Harness(props: Partial<ListChooserProps> & { onIds?: (ids: string[]) => void }) {
  const { onIds, ...rest } = props;
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <div>
      <ListChooser
        label="Services"
        items={items}
        {...rest}
        selected={selected}
        onChange={(ids) => {
          setSelected(ids);
          onIds?.(ids);
        }}
      />
      <p>Outside</p>
    </div>
  );
}

describe('ListChooser', () => {
  it('opens, chooses with the keyboard and closes on Escape back to the button', async () => {
    const user = userEvent.setup();
    const onIds = jest.fn();
    render(<Harness onIds={onIds} />);
    const button = screen.getByRole('button', { name: 'Services Choose…' });
    await user.tab();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Services' });
    expect(listbox).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}{End} ');
    expect(onIds.mock.calls).toEqual([[['dnsmasq']], [['dnsmasq', 'kernel']]]);
    expect(screen.getByRole('option', { name: /dnsmasq/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Services dnsmasq, kernel' })).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button'));
    await user.click(screen.getByRole('option', { name: 'sshd' }));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('replaces the choice and closes in single mode', async () => {
    const user = userEvent.setup();
    const onIds = jest.fn();
    render(<Harness multiple={false} onIds={onIds} />);
    await user.click(screen.getByRole('button'));
    await user.click(screen.getByRole('option', { name: 'kernel' }));
    expect(onIds).toHaveBeenLastCalledWith(['kernel']);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows 5 placeholder rows while loading', async () => {
    const user = userEvent.setup();
    render(<Harness loading />);
    await user.click(screen.getByRole('button'));
    expect(screen.getAllByTestId('list-chooser-placeholder')).toHaveLength(PLACEHOLDER_ROWS);
    expect(PLACEHOLDER_ROWS).toBe(5);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('has no serious accessibility violations when open', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.click(screen.getByRole('button'));
    await expectNoSeriousA11yViolations(container);
  });
});
