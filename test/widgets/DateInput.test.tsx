/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { DateInput } from '../../src/widgets/DateInput';
import { expectNoSeriousA11yViolations } from './support/a11y';

describe('DateInput', () => {
  it('emits a millisecond timestamp at 12:00 for a newly picked day', () => {
    const onChange = jest.fn();
    render(<DateInput label="Start date" value={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2025-02-03' } });
    expect(onChange).toHaveBeenCalledWith(new Date(2025, 1, 3, 12, 0).getTime());
  });

  it('keeps the time of day when the day changes, and shows the day of the value', () => {
    const onChange = jest.fn();
    const value = new Date(2025, 1, 3, 8, 30).getTime();
    render(<DateInput label="Start date" value={value} onChange={onChange} />);
    const input = screen.getByLabelText('Start date');
    expect(input).toHaveValue('2025-02-03');
    fireEvent.change(input, { target: { value: '2025-02-10' } });
    expect(onChange).toHaveBeenCalledWith(new Date(2025, 1, 10, 8, 30).getTime());
  });

  it('emits null when cleared and flags a required empty value', () => {
    const onChange = jest.fn();
    const { rerender } = render(
      <DateInput label="Start date" value={Date.now()} onChange={onChange} required />,
    );
    fireEvent.change(screen.getByLabelText(/Start date/), { target: { value: '' } });
    expect(onChange).toHaveBeenCalledWith(null);
    rerender(<DateInput label="Start date" value={null} onChange={onChange} required showValidation />);
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required.');
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(<DateInput label="Start date" value={null} onChange={() => undefined} />);
    await expectNoSeriousA11yViolations(container);
  });
});
