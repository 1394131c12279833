/** @jest-environment jsdom */
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RangeSelector, type RangeSelectorProps } from '../../src/widgets/charts/RangeSelector';
import { centreAt, moveBy, normaliseRange, setEnd, setStart } from '../../src/widgets/charts/rangeMath';
import { seriousViolations } from './support/axe';

const bounds = { min: 0, max: 100, minWidth: 10 };

describe('range maths', () => {
  it.each([
    [
      [20, 40],
      [20, 40],
    ],
    [
      [40, 20],
      [20, 40],
    ],
    [
      [-5, 200],
      [0, 100],
    ],
    [
      [50, 52],
      [50, 60],
    ],
    [
      [98, 99],
      [90, 100],
    ],
  ] as const)('normaliseRange(%p) = %p', (input, expected) => {
    expect(normaliseRange(input, bounds)).toEqual(expected);
  });

  it.each([
    ['setStart inside', setStart([20, 40], 25, bounds), [25, 40]],
    ['setStart keeps min width', setStart([20, 40], 35, bounds), [30, 40]],
    ['setStart stops at min', setStart([20, 40], -9, bounds), [0, 40]],
    ['setEnd inside', setEnd([20, 40], 70, bounds), [20, 70]],
    ['setEnd keeps min width', setEnd([20, 40], 21, bounds), [20, 30]],
    ['setEnd stops at max', setEnd([20, 40], 120, bounds), [20, 100]],
    ['moveBy keeps width', moveBy([20, 40], 15, bounds), [35, 55]],
    ['moveBy stops at max', moveBy([20, 40], 90, bounds), [80, 100]],
    ['moveBy stops at min', moveBy([20, 40], -90, bounds), [0, 20]],
    ['centreAt', centreAt([20, 40], 70, bounds), [60, 80]],
    ['centreAt near the edge', centreAt([20, 40], 2, bounds), [0, 20]],
  ])('%s', (_label, got, expected) => {
    expect(got).toEqual(expected);
  });
});

function Harness(props: Partial<RangeSelectorProps>) {
  const [value, setValue] = useState<[number, number]>([20, 40]);
  return (
    <>
      <RangeSelector label="Time window" min={0} max={100} value={value} onChange={setValue} {...props} />
      <output role="status">{value.join('-')}</output>
    </>
  );
}

const shown = () => screen.getByRole('status').textContent;

describe('RangeSelector', () => {
  let restore: () => void;
  beforeEach(() => {
    // A 1000 px track at x = 0: 10 px per unit.
    const original = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = function () {
      return {
        x: 0,
        y: 0,
        left: 0,
        top: 0,
        right: 1000,
        bottom: 48,
        width: 1000,
        height: 48,
        toJSON: () => ({}),
      } as DOMRect;
    };
    restore = () => (HTMLElement.prototype.getBoundingClientRect = original);
  });
  afterEach(() => restore());

  it('has labelled sliders operable by keyboard', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    const start = screen.getByRole('slider', { name: 'Time window: start' });
    const end = screen.getByRole('slider', { name: 'Time window: end' });
    const centre = screen.getByRole('slider', { name: 'Time window: window position' });
    expect(start).toHaveAttribute('aria-valuenow', '20');
    expect(centre).toHaveAttribute('aria-valuetext', 'from 20 to 40');
    expect(await seriousViolations(container)).toEqual([]);
    await user.tab();
    expect(centre).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('21-41');
    await user.keyboard('{PageUp}');
    expect(shown()).toBe('31-51');
    await user.keyboard('{End}');
    expect(shown()).toBe('80-100');
    await user.tab();
    expect(start).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(shown()).toBe('78-100');
    await user.keyboard('{Home}');
    expect(shown()).toBe('0-100');
    await user.tab();
    expect(end).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(shown()).toBe('0-99');
  });

  it('drags the start handle, the end handle and the centre', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const start = screen.getByRole('slider', { name: 'Time window: start' });
    await user.pointer([
      { keys: '[MouseLeft>]', target: start, coords: { clientX: 200 } },
      { coords: { clientX: 100 } },
      { keys: '[/MouseLeft]', coords: { clientX: 100 } },
    ]);
    expect(shown()).toBe('10-40');
    const end = screen.getByRole('slider', { name: 'Time window: end' });
    await user.pointer([
      { keys: '[MouseLeft>]', target: end, coords: { clientX: 400 } },
      { coords: { clientX: 655 } },
      { keys: '[/MouseLeft]', coords: { clientX: 655 } },
    ]);
    expect(shown()).toBe('10-66');
    const centre = screen.getByRole('slider', { name: 'Time window: window position' });
    await user.pointer([
      { keys: '[MouseLeft>]', target: centre, coords: { clientX: 300 } },
      { coords: { clientX: 500 } },
      { keys: '[/MouseLeft]', coords: { clientX: 500 } },
    ]);
    expect(shown()).toBe('30-86');
  });

  it('a click without moving re-centres the window', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    const track = container.querySelector('.range-selector__track') as HTMLElement;
    await user.pointer([
      { keys: '[MouseLeft>]', target: track, coords: { clientX: 700 } },
      { keys: '[/MouseLeft]', coords: { clientX: 701 } },
    ]);
    expect(shown()).toBe('60-80');
  });

  it('fixed-width mode moves only the centre and keeps a minimum width', async () => {
    const user = userEvent.setup();
    render(<Harness fixedWidth minWidth={30} />);
    expect(screen.queryByRole('slider', { name: /start/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('slider', { name: /end$/ })).not.toBeInTheDocument();
    const centre = screen.getByRole('slider', { name: 'Time window: window position' });
    // The given 20 wide window is widened to the minimum when it moves.
    centre.focus();
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('21-51');
    await user.pointer([
      { keys: '[MouseLeft>]', target: centre, coords: { clientX: 300 } },
      { coords: { clientX: 400 } },
      { keys: '[/MouseLeft]', coords: { clientX: 400 } },
    ]);
    expect(shown()).toBe('31-61');
  });
});
