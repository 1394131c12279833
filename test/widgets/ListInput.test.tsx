/** @jest-environment jsdom */
import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ListInput,
  CONFIRM_TEXT,
  REMOVE_ALL_CONFIRM_MS,
  type ListInputProps,
} from '../../src/widgets/ListInput';
import { expectNoSeriousA11yViolations } from './support/a11y';

function Harness(props: Partial<ListInputProps> & { initial?: string[]; onValues?: (v: string[]) => void }) {
  const { initial = [], onValues, ...rest } = props;
  const [values, setValues] = useState(initial);
  return (
    <ListInput
      label="Domains"
      {...rest}
      values={values}
      onChange={(v) => {
        setValues(v);
        onValues?.(v);
      }}
    />
  );
}

describe('ListInput', () => {
  it('adds with Enter and with the Add action, rejecting empty and duplicate entries', async () => {
    const user = userEvent.setup();
    const onValues = jest.fn();
    render(<Harness onValues={onValues} />);
    const entry = screen.getByRole('textbox', { name: 'New Domains entry' });
    await user.type(entry, 'example.com{Enter}');
    await user.type(entry, 'example.org');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onValues).toHaveBeenLastCalledWith(['example.com', 'example.org']);
    expect(entry).toHaveFocus();
    await user.type(entry, '   {Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a value before adding it.');
    await user.clear(entry);
    await user.type(entry, 'example.com{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('This entry is already in the list.');
    expect(onValues).toHaveBeenCalledTimes(2);
  });

  it('checks entries against validators', async () => {
    const user = userEvent.setup();
    render(<Harness validators={['fqdn']} />);
    await user.type(screen.getByRole('textbox'), 'not a domain{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Value must be a fully qualified domain name.');
  });

  it('needs end > start for range entries', async () => {
    const user = userEvent.setup();
    const onValues = jest.fn();
    render(<Harness label="Ports" range onValues={onValues} />);
    const start = screen.getByRole('textbox', { name: 'Ports start' });
    const end = screen.getByRole('textbox', { name: 'Ports end' });
    await user.type(start, '2000');
    await user.type(end, '1000{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('The end of a range must be greater than its start.');
    await user.clear(end);
    await user.type(end, '2000{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('greater than its start');
    await user.clear(end);
    await user.type(end, '3000{Enter}');
    expect(onValues).toHaveBeenLastCalledWith(['2000-3000']);
    expect(screen.getByRole('list', { name: 'Ports entries' })).toHaveTextContent('2000-3000');
  });

  it('removes one entry, and removes all only on a second click', async () => {
    const user = userEvent.setup();
    const onValues = jest.fn();
    render(<Harness initial={['a', 'b', 'c']} onValues={onValues} />);
    await user.click(screen.getByRole('button', { name: 'Remove b' }));
    expect(onValues).toHaveBeenLastCalledWith(['a', 'c']);
    await user.click(screen.getByRole('button', { name: 'Remove all' }));
    expect(screen.getByRole('button', { name: CONFIRM_TEXT })).toBeInTheDocument();
    expect(onValues).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: CONFIRM_TEXT }));
    expect(onValues).toHaveBeenLastCalledWith([]);
    expect(screen.getByText('No entries yet.')).toBeInTheDocument();
  });

  it('drops the pending confirmation when focus leaves or time passes', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(<Harness initial={['a']} />);
      await user.click(screen.getByRole('button', { name: 'Remove all' }));
      await user.tab();
      expect(screen.getByRole('button', { name: 'Remove all' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Remove all' }));
      act(() => jest.advanceTimersByTime(REMOVE_ALL_CONFIRM_MS));
      expect(screen.getByRole('button', { name: 'Remove all' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(
      <>
        <Harness initial={['example.com']} />
        <Harness label="Ports" range />
      </>,
    );
    await expectNoSeriousA11yViolations(container);
  });
});
