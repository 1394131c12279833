/** @jest-environment jsdom */
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Combobox, COMBOBOX_MAX_SHOWN, filterOptions } from '../../src/widgets/Combobox';
import { expectNoSeriousA11yViolations } from './support/a11y';

const ZONES = [
  'Africa/Abidjan',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'Europe/Berlin',
  'Europe/Paris',
  'UTC',
  ...Array.from({ length: 400 }, (_, i) => `Etc/Zone_${String(i).padStart(3, '0')}`),
].map((z) => ({ name: z, value: z }));

function Harness({ onValue }: { onValue?: (v: string) => void }) {
  const [value, setValue] = useState('UTC');
  return (
    <Combobox
      label="Time zone"
      options={ZONES}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

describe('Combobox (searchable select)', () => {
  it('filters a long list by what is typed and picks with the arrows and Enter', async () => {
    const user = userEvent.setup();
    const picked = jest.fn();
    const { container } = render(<Harness onValue={picked} />);
    const box = screen.getByRole('combobox', { name: 'Time zone' });
    expect(box).toHaveValue('UTC');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.clear(box);
    await user.type(box, 'new york');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Time zone' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['America/New_York']);
    await user.keyboard('{Enter}');
    expect(picked).toHaveBeenLastCalledWith('America/New_York');
    expect(box).toHaveValue('America/New_York');
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.clear(box);
    await user.type(box, 'europe');
    expect(box).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0].id);
    await user.keyboard('{ArrowDown}');
    const active = within(list).getByRole('option', { selected: true });
    expect(active).toHaveTextContent('Europe/Paris');
    expect(box).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{Enter}');
    expect(picked).toHaveBeenLastCalledWith('Europe/Paris');
    await expectNoSeriousA11yViolations(container);
  });

  it('Escape closes the list and puts back the chosen value; a click picks an option', async () => {
    const user = userEvent.setup();
    const picked = jest.fn();
    render(<Harness onValue={picked} />);
    const box = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(box);
    await user.type(box, 'tok');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('UTC');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(picked).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, 'berl');
    await user.click(screen.getByRole('option', { name: 'Europe/Berlin' }));
    expect(picked).toHaveBeenLastCalledWith('Europe/Berlin');
    expect(box).toHaveValue('Europe/Berlin');
  });

  it('lists a bounded number of matches and says how many more there are', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(box);
    await user.type(box, 'etc');
    expect(screen.getAllByRole('option')).toHaveLength(COMBOBOX_MAX_SHOWN);
    expect(
      screen.getByText(`${400 - COMBOBOX_MAX_SHOWN} more: keep typing to narrow the list.`),
    ).toBeVisible();
    await user.clear(box);
    await user.type(box, 'atlantis');
    expect(screen.getByText('Nothing matches “atlantis”.')).toBeInTheDocument();
  });

  it('matches words in any order and ranks names that start with the text first', () => {
    const names = (q: string) => filterOptions(ZONES.slice(0, 7), q).map((o) => o.value);
    expect(names('york new')).toEqual(['America/New_York']);
    expect(names('a')[0]).toBe('Africa/Abidjan');
    expect(names('paris')).toEqual(['Europe/Paris']);
  });
});
