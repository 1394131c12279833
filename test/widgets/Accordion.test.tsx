/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Accordion, ACCORDION_EXTRA_HEIGHT } from '../../src/widgets/Accordion';
import { expectNoSeriousA11yViolations } from './support/a11y';

describe('Accordion', () => {
  it('toggles with click, Enter and Space and emits each change', async () => {
    const user = userEvent.setup();
    const onToggle = jest.fn();
    render(
      <Accordion title="Details" onToggle={onToggle}>
        <p>Step 3 of 5</p>
      </Accordion>,
    );
    const button = screen.getByRole('button', { name: 'Details' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Step 3 of 5')).not.toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Details' })).toBeVisible();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard(' ');
    expect(onToggle.mock.calls).toEqual([[true], [false], [true]]);
  });

  it('sets max height to the content height plus 1000 px when open', () => {
    jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(240);
    try {
      render(
        <Accordion title="Details" defaultExpanded>
          <p>content</p>
        </Accordion>,
      );
      expect(screen.getByRole('region')).toHaveStyle({ maxHeight: `${240 + ACCORDION_EXTRA_HEIGHT}px` });
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('follows a controlled expanded prop', async () => {
    const user = userEvent.setup();
    const onToggle = jest.fn();
    render(
      <Accordion title="Details" expanded onToggle={onToggle}>
        <p>content</p>
      </Accordion>,
    );
    await user.click(screen.getByRole('button'));
    expect(onToggle).toHaveBeenCalledWith(false);
    expect(screen.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(
      <Accordion title="Details" defaultExpanded>
        <p>content</p>
      </Accordion>,
    );
    await expectNoSeriousA11yViolations(container);
  });
});
