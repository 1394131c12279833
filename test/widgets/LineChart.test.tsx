/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { LineChart } from '../../src/widgets/charts/LineChart';
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
