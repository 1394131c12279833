/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip, TOOLTIP_OPEN_DELAY_MS } from '../../src/widgets/Tooltip';
import { expectNoSeriousA11yViolations } from './support/a11y';

function renderTip() {
  return render(
    <>
      <Tooltip content="Restart the DNS proxy">
        <button type="button">Restart</button>
      </Tooltip>
      <button type="button">Other</button>
    </>,
  );
}

describe('Tooltip', () => {
  it('opens on keyboard focus, describes the trigger and closes on Escape and blur', async () => {
    const user = userEvent.setup();
    renderTip();
    await user.tab();
    const trigger = screen.getByRole('button', { name: 'Restart' });
    expect(trigger).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Restart the DNS proxy');
    expect(trigger).toHaveAccessibleDescription('Restart the DNS proxy');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(trigger).not.toHaveAttribute('aria-describedby');
    await user.tab({ shift: true });
    await user.tab();
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    await user.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('opens on hover after a short delay and closes on leave', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderTip();
      await user.hover(screen.getByRole('button', { name: 'Restart' }));
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS);
      });
      expect(screen.getByRole('tooltip')).toBeInTheDocument();
      await user.unhover(screen.getByRole('button', { name: 'Restart' }));
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('has no serious accessibility violations while open', async () => {
    const user = userEvent.setup();
    const { container } = renderTip();
    await user.tab();
    await screen.findByRole('tooltip');
    await expectNoSeriousA11yViolations(container);
  });
});
