/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { DoughnutChart } from '../../src/widgets/charts/DoughnutChart';
import { doughnutArcs, segmentColor } from '../../src/widgets/charts/doughnutModel';
import { seriousViolations } from './support/axe';

describe('doughnut maths', () => {
  it('splits the ring by value share and skips nothing', () => {
    const arcs = doughnutArcs(
      [
        { name: 'used', value: 75 },
        { name: 'free', value: 25 },
      ],
      100,
      10,
    );
    expect(arcs.map((a) => [a.name, a.percent])).toEqual([
      ['used', 75],
      ['free', 25],
    ]);
    expect(arcs.every((a) => a.d.startsWith('M'))).toBe(true);
  });

  it.each([
    [[], 0],
    [[{ name: 'a', value: 0 }], 0],
    [
      [
        { name: 'a', value: -3 },
        { name: 'b', value: Number.NaN },
      ],
      0,
    ],
  ])('draws nothing for %p', (segments, count) => {
    expect(doughnutArcs(segments, 100, 10)).toHaveLength(count);
  });

  it('colours: rgb 116/179/32 first by default, then the series colours, own colours win', () => {
    expect(segmentColor({ name: 'a', value: 1 }, 0)).toBe('rgb(116, 179, 32)');
    expect(segmentColor({ name: 'b', value: 1 }, 1)).toBe('#ed332e');
    expect(segmentColor({ name: 'c', value: 1, color: '#123456' }, 0)).toBe('#123456');
  });
});

describe('DoughnutChart', () => {
  it('names the figure with its summary and lists segments as text', async () => {
    const { container } = render(
      <DoughnutChart
        title="Certificates"
        segments={[
          { name: 'Valid', value: 30 },
          { name: 'Expiring', value: 10 },
        ]}
        summaryValue={40}
        summarySubValue="certificates"
      />,
    );
    expect(screen.getByRole('figure', { name: 'Certificates: 40 certificates' })).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: 'Certificates legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Valid30 (75 %)', 'Expiring10 (25 %)']);
    expect(container.querySelectorAll('path')).toHaveLength(2);
    expect(container.querySelector('path')).toHaveAttribute('fill', 'rgb(116, 179, 32)');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('works without a summary and shows the empty message with no data', () => {
    const { rerender } = render(<DoughnutChart title="Disk" segments={[{ name: 'Used', value: 1 }]} />);
    expect(screen.getByRole('figure', { name: 'Disk' })).toBeInTheDocument();
    expect(document.querySelector('.doughnut-chart__summary')).toBeNull();
    rerender(<DoughnutChart title="Disk" segments={[]} summaryValue="0 %" />);
    expect(screen.getByText('No data currently available')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
