/** @jest-environment jsdom */
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs, type Tab } from '../../src/widgets/Tabs';
import { expectNoSeriousA11yViolations } from './support/a11y';

const tabs: Tab[] = [
  { id: 'general', name: 'General', showCompletionBull: true, isCompleted: true },
  { id: 'network', name: 'Network', showCompletionBull: true, isCompleted: false },
  { id: 'locked', name: 'Locked', disabled: true },
  { id: 'summary', name: 'Summary' },
];

function Harness({ onChange }: { onChange?: (id: string) => void }) {
  const [active, setActive] = useState('general');
  return (
    <Tabs
      label="Setup steps"
      tabs={tabs}
      activeId={active}
      onChange={(id) => {
        setActive(id);
        onChange?.(id);
      }}
    >
      <p>Content of {active}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('announces completion bullets and shows the active panel', () => {
    render(<Harness />);
    expect(screen.getByRole('tab', { name: 'General (completed)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Network (not completed)' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    expect(screen.getByRole('tab', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'General (completed)' })).toHaveTextContent(
      'Content of general',
    );
  });

  it('has one tab stop and moves with arrows, Home and End, skipping disabled tabs', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: /General/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Network/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /General/ })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([
      'network',
      'summary',
      'general',
      'summary',
      'general',
      'summary',
    ]);
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('selects a tab on click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: /Network/ }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Content of network');
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(<Harness />);
    await expectNoSeriousA11yViolations(container);
  });
});
