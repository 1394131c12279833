/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { VerticalBars } from '../../src/widgets/charts/VerticalBars';
import { layoutVerticalBars } from '../../src/widgets/charts/verticalBarsModel';

describe('layoutVerticalBars', () => {
  it('fills the width with bars and gaps, heights relative to the maximum', () => {
    const bars = layoutVerticalBars([1, 2, 4], 64, 20, 0.2);
    const last = bars[bars.length - 1];
    expect(last.x + last.width).toBeCloseTo(64);
    expect(bars[1].x - (bars[0].x + bars[0].width)).toBeCloseTo(bars[0].width * 0.2);
    expect(bars.map((b) => b.height)).toEqual([5, 10, 20]);
    expect(bars.map((b) => b.y)).toEqual([15, 10, 0]);
  });

  it.each([
    [[], 0],
    [[0, 0], 2],
    [[-1, Number.NaN, 3], 3],
  ])('handles %p', (values, count) => {
    const bars = layoutVerticalBars(values, 60, 20);
    expect(bars).toHaveLength(count);
    bars.forEach((b) => {
      expect(Number.isFinite(b.height)).toBe(true);
      expect(b.height).toBeGreaterThanOrEqual(0);
    });
  });

  it('one bar takes the whole width', () => {
    expect(layoutVerticalBars([5], 30, 10)).toEqual([{ x: 0, y: 0, width: 30, height: 10, value: 5 }]);
  });
});

describe('VerticalBars', () => {
  it('is an image named with its values', () => {
    const { container } = render(<VerticalBars label="Requests" values={[3, 0, 5]} />);
    expect(screen.getByRole('img', { name: 'Requests: 3, 0, 5' })).toBeInTheDocument();
    expect(container.querySelectorAll('rect')).toHaveLength(3);
  });
});
