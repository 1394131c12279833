/** @jest-environment jsdom */
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextArea } from '../../src/widgets/TextArea';
import { expectNoSeriousA11yViolations } from './support/a11y';

function Harness({ maxLength, required }: { maxLength?: number; required?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <TextArea
      label="Description"
      value={value}
      onChange={setValue}
      maxLength={maxLength}
      required={required}
    />
  );
}

describe('TextArea', () => {
  it('stops at the maximum length and counts characters', async () => {
    const user = userEvent.setup();
    render(<Harness maxLength={5} />);
    const area = screen.getByRole('textbox', { name: 'Description' });
    await user.type(area, 'abcdefgh');
    expect(area).toHaveValue('abcde');
    expect(screen.getByText('5 / 5 characters')).toBeInTheDocument();
  });

  it('has no limit without maxLength', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('textbox'), 'x'.repeat(50));
    expect(screen.getByRole('textbox')).toHaveValue('x'.repeat(50));
    expect(screen.queryByText(/characters/)).not.toBeInTheDocument();
  });

  it('reports a required empty field after leaving it', async () => {
    const user = userEvent.setup();
    render(<Harness required />);
    await user.click(screen.getByRole('textbox'));
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required.');
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(<Harness maxLength={200} />);
    await expectNoSeriousA11yViolations(container);
  });
});
