/** @jest-environment ./test/support/jsdom-environment.js */
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MetricWidget, type MetricWidgetProps } from '../../src/widgets/charts/MetricWidget';
import {
  animationFrames,
  classification,
  horizontalBars,
  nextAnimatedValue,
} from '../../src/widgets/charts/metricModel';
import { seriousViolations } from './support/axe';

describe('metric maths', () => {
  it.each([
    [0, 100, [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]],
    [50, 45, [49.5, 49, 48.5, 48, 47.5, 47, 46.5, 46, 45.5, 45]],
    [7, 7, []],
  ])('animationFrames(%p → %p) ends exactly on the target', (from, to, frames) => {
    const got = animationFrames(from, to);
    expect(got.map((v) => Math.round(v * 1000) / 1000)).toEqual(frames);
    if (got.length) expect(got[got.length - 1]).toBe(to);
  });

  it.each([
    [95, 100, 10, 100],
    [5, 0, 10, 0],
    [5, 9, 1, 6],
    [Number.NaN, 9, 1, 9],
    [3, 9, 0, 9],
  ])('nextAnimatedValue(%p, %p, step %p) = %p (clamped)', (current, target, step, expected) => {
    expect(nextAnimatedValue(current, target, step)).toBe(expected);
  });

  it('horizontal bars: 3 by default, width = value / max × 90 %', () => {
    const items = [
      { name: 'a', value: 50 },
      { name: 'b', value: 100 },
      { name: 'c', value: 0 },
      { name: 'd', value: 500 },
    ];
    expect(horizontalBars(items).map((b) => [b.item.name, b.widthPercent])).toEqual([
      ['a', 45],
      ['b', 90],
      ['c', 0],
    ]);
    expect(horizontalBars(items, 4).map((b) => b.widthPercent)).toEqual([9, 18, 0, 90]);
    expect(horizontalBars([{ name: 'z', value: 0 }]).map((b) => b.widthPercent)).toEqual([0]);
  });

  it('classification keeps the top 5 by value', () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ name: `n${i}`, value: (i * 37) % 11 }));
    expect(classification(items).map((i) => i.value)).toEqual([9, 8, 6, 5, 4]);
    expect(classification(items, 9)).toHaveLength(5);
    expect(classification(items, 2)).toHaveLength(2);
  });
});

const renderWidget = (props: MetricWidgetProps) =>
  render(
    <MemoryRouter>
      <MetricWidget {...props} />
    </MemoryRouter>,
  );

describe('MetricWidget', () => {
  afterEach(() => jest.useRealTimers());

  it('animates to a new value every 100 ms and lands exactly on it', () => {
    jest.useFakeTimers();
    const { rerender } = renderWidget({ title: 'Blocked requests', value: 0, unit: 'req' });
    const region = screen.getByRole('region', { name: 'Blocked requests' });
    const visible = () => region.querySelector('.metric__value [aria-hidden]')?.textContent;
    expect(visible()).toBe('0 req');
    rerender(
      <MemoryRouter>
        <MetricWidget title="Blocked requests" value={100} unit="req" />
      </MemoryRouter>,
    );
    // Screen readers get the final value at once.
    expect(within(region).getByText('100 req')).toHaveClass('visually-hidden');
    act(() => jest.advanceTimersByTime(100));
    expect(visible()).toBe('10 req');
    act(() => jest.advanceTimersByTime(400));
    expect(visible()).toBe('50 req');
    act(() => jest.advanceTimersByTime(500));
    expect(visible()).toBe('100 req');
    act(() => jest.advanceTimersByTime(1000));
    expect(visible()).toBe('100 req');
  });

  it('renders each chart type with text alternatives, and the call to action', async () => {
    const items = [
      { name: 'dns', value: 40, unit: '%' },
      { name: 'ssh', value: 80, unit: '%' },
      { name: 'vpn', value: 20, unit: '%' },
      { name: 'ntp', value: 10, unit: '%' },
    ];
    const { container } = render(
      <MemoryRouter>
        <MetricWidget
          title="Requests"
          value={12}
          chart={{ type: 'vertical-bars', values: [1, 2, 3] }}
          callToAction={{ label: 'See all requests', to: '/logs/overview' }}
        />
        <MetricWidget title="Trend" value={3} chart={{ type: 'curved-line', values: [1, 4, 2] }} />
        <MetricWidget title="Load" value={3} chart={{ type: 'horizontal-extended-bars', items }} />
        <MetricWidget title="Top services" value={4} chart={{ type: 'classification', items }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('img', { name: 'Requests history: 1, 2, 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all requests' })).toHaveAttribute('href', '/logs/overview');
    expect(screen.getByRole('img', { name: 'Trend trend: 1, 4, 2' })).toBeInTheDocument();
    const bars = screen.getByRole('list', { name: 'Load breakdown' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['dns40 %', 'ssh80 %', 'vpn20 %']);
    expect((bars.querySelectorAll('.metric__hbar-fill')[1] as HTMLElement).style.width).toBe('90%');
    const ranking = screen.getByRole('list', { name: 'Top services ranking' });
    expect(
      within(ranking)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ssh80 %', 'dns40 %', 'vpn20 %', 'ntp10 %']);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('uses a plain link for external calls to action', () => {
    renderWidget({
      title: 'Updates',
      value: 2,
      callToAction: { label: 'Release notes', to: 'https://example.org/notes' },
    });
    expect(screen.getByRole('link', { name: 'Release notes' })).toHaveAttribute(
      'href',
      'https://example.org/notes',
    );
  });
});
