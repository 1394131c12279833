/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { Loader } from '../../src/widgets/Loader';
import { expectNoSeriousA11yViolations } from './support/a11y';

describe('Loader', () => {
  it('announces its label as a status', () => {
    render(<Loader label="Fetching data..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Fetching data...');
  });
  it('keeps the label for screen readers when hidden', () => {
    render(<Loader hideLabel />);
    expect(screen.getByText('Loading…')).toHaveClass('visually-hidden');
  });
  it('has no serious accessibility violations', async () => {
    const { container } = render(<Loader overlay size="large" />);
    await expectNoSeriousA11yViolations(container);
  });
});
