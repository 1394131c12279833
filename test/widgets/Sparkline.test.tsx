/** @jest-environment ./test/support/jsdom-environment.js */
import { render, screen } from '@testing-library/react';
import { Sparkline } from '../../src/widgets/charts';

/** The y of every point of the drawn line (numbers after each command letter's x). */
const ys = (d: string) => Array.from(d.matchAll(/[ML]\s*[\d.]+[ ,]([\d.]+)/g), (m) => Number(m[1]));

describe('Sparkline', () => {
  test('a fixed top keeps a steady 50 % reading half-way up, not at the top', () => {
    const { container } = render(
      <>
        <Sparkline label="Scaled to the data" values={[50, 50, 50]} width={100} height={46} />
        <Sparkline label="Out of 100" values={[50, 50, 50]} width={100} height={46} max={100} />
      </>,
    );
    const [auto, fixed] = Array.from(container.querySelectorAll('path')).map((p) => ys(p.getAttribute('d')!));
    // Drawing height 40 (46 less 3 px each side): the data's own top puts 50 at y 0, a top of 100 at y 20.
    expect(auto[0]).toBeCloseTo(0);
    expect(fixed[0]).toBeCloseTo(20);
    expect(screen.getByRole('img', { name: 'Out of 100: 50, 50, 50' })).toBeInTheDocument();
    expect(container.querySelectorAll('svg')[1].querySelectorAll('path, circle')).toHaveLength(1);
  });
});
