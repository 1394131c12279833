/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ProgressLine } from '../../src/widgets/ProgressLine';
import { expectNoSeriousA11yViolations } from './support/a11y';

describe('ProgressLine', () => {
  it.each([
    [42, '42'],
    [-5, '0'],
    [150, '100'],
    [33.6, '34'],
  ])('reports %d%% as %s', (percent, now) => {
    render(<ProgressLine label="Applying configuration" percent={percent} />);
    expect(screen.getByRole('progressbar', { name: 'Applying configuration' })).toHaveAttribute(
      'aria-valuenow',
      now,
    );
    expect(screen.getByText(`${now}%`)).toBeInTheDocument();
  });
  it('is indeterminate without a percentage', () => {
    render(<ProgressLine label="Waiting" />);
    expect(screen.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
  });
  it('has no serious accessibility violations', async () => {
    const { container } = render(<ProgressLine label="Update" percent={60} accent="blue" />);
    await expectNoSeriousA11yViolations(container);
  });
});
