/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { LineChart } from '../../src/widgets/charts/LineChart';
import userEvent from '@testing-library/user-event';
import { seriousViolations } from './support/axe';

const series = [
  {
    id: 'dns',
    name: 'dns',
    points: [
      { x: 0, y: 3 },
      { x: 1, y: 5 },
      { x: 2, y: 4 },
    ],
  },
  {
    id: 'ssh',
    name: 'ssh',
    points: [
      { x: 0, y: 1 },
      { x: 2, y: 2 },
    ],
  },
];

describe('LineChart', () => {
  it('is a named figure with a legend and a data table for screen readers', async () => {
    const { container } = render(
      <LineChart title="Recent events" series={series} formatX={(x) => `t${x}`} />,
    );
    expect(screen.getByRole('figure', { name: 'Recent events' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Legend' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['dns', 'ssh']);
    const table = screen.getByRole('table', { name: 'Recent events' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['x', 'dns', 'ssh']);
    expect(within(table).getByRole('row', { name: 't1 5 —' })).toBeInTheDocument();
    expect(container.querySelectorAll('path[stroke]')).toHaveLength(2);
    expect(container.querySelector('[data-series="dns"] path')).toHaveAttribute('stroke', '#76b100');
    expect(container.querySelector('[data-series="ssh"] path')).toHaveAttribute('stroke', '#ed332e');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows the empty message without a chart', () => {
    render(<LineChart title="Recent events" series={[]} emptyMessage="Fetching data..." />);
    expect(screen.getByText('Fetching data...')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('draws dots when asked and hides the title visually when asked', () => {
    const { container } = render(<LineChart title="Events" hideTitle showPoints series={series} />);
    expect(container.querySelectorAll('circle')).toHaveLength(5);
    expect(screen.getByText('Events', { selector: 'figcaption' })).toHaveClass('visually-hidden');
  });
});

describe('LineChart at the width of its card', () => {
  let observed: ((entries: { contentRect: { width: number } }[]) => void)[] = [];
  const original = globalThis.ResizeObserver;
  beforeEach(() => {
    observed = [];
    globalThis.ResizeObserver = class {
      constructor(cb: (entries: { contentRect: { width: number } }[]) => void) {
        observed.push(cb);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });
  afterEach(() => {
    globalThis.ResizeObserver = original;
  });
  const resize = (width: number) => act(() => observed.forEach((cb) => cb([{ contentRect: { width } }])));

  it('draws at the measured width of its container and follows it', () => {
    const { container } = render(<LineChart title="Traffic" series={series} />);
    resize(1500);
    const svg = container.querySelector('svg.line-chart__svg')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 1500 200');
    expect(svg).not.toHaveStyle({ maxWidth: '640px' }); // no 640 px cap: it fills the card
    expect(svg).toHaveStyle({ height: '200px' });
    resize(700);
    expect(svg.getAttribute('viewBox')).toBe('0 0 700 200');
  });

  it('shows the exact values of the point under the pointer in a tooltip', () => {
    const { container } = render(
      <LineChart
        title="Traffic"
        series={series}
        formatX={(x) => `second ${x}`}
        formatXTick={(x) => `${x}s`}
        formatY={(y) => `${y.toFixed(2)} B/s`}
      />,
    );
    resize(1000);
    const svg = container.querySelector('svg.line-chart__svg')!;
    svg.getBoundingClientRect = () => ({ left: 0, top: 0, width: 1000, height: 200 }) as DOMRect;
    // The plot runs from the left margin (36) to 1000 − 12; x = 1 sits in its middle.
    fireEvent.mouseMove(svg, { clientX: 36 + (1000 - 36 - 12) / 2 + 5 });
    // The tooltip (beside the screen readers' table): the hovered x and each series' exact value there.
    const outsideTable = () => screen.queryAllByText('second 1').filter((el) => !el.closest('table'));
    const tip = outsideTable()[0]?.parentElement;
    expect(tip).toHaveTextContent('second 1dns5.00 B/s');
    expect(tip).not.toHaveTextContent('ssh'); // no ssh sample at x = 1
    fireEvent.mouseLeave(svg);
    expect(outsideTable()).toEqual([]);
  });
});

test('the plot reads its values with the keyboard: arrow keys step through the samples, Escape hides them', async () => {
  const user = userEvent.setup();
  render(
    <LineChart title="Traffic" series={series} formatX={(x) => `second ${x}`} formatY={(y) => `${y} B/s`} />,
  );
  const plot = screen.getByRole('group', { name: 'Traffic: the arrow keys read the values' });
  await user.tab();
  expect(plot).toHaveFocus();
  await user.keyboard('{ArrowLeft}');
  expect(screen.getByRole('status')).toHaveTextContent('second 2, dns 4 B/s, ssh 2 B/s');
  await user.keyboard('{ArrowLeft}');
  expect(screen.getByRole('status')).toHaveTextContent('second 1, dns 5 B/s');
  await user.keyboard('{Home}');
  expect(screen.getByRole('status')).toHaveTextContent('second 0, dns 3 B/s, ssh 1 B/s');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('status')).toBeNull();
});
