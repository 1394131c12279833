import {
  estimateLabelWidth,
  fitTicks,
  formatTimeTick,
  labelsFit,
  TICK_LABEL_GAP_PX,
  timeTickValues,
} from '../../src/widgets/charts/axisTicks';
import { DEFAULT_MARGIN, lineChartModel } from '../../src/widgets/charts/lineChartModel';
import { formatDateTime } from '../../src/lib/format';

const HOUR = 3_600_000;
const end = new Date(2026, 10, 27, 14, 7).getTime();
const spans = { hour: HOUR, day: 24 * HOUR, week: 7 * 24 * HOUR };
const series = (from: number, to: number) => [
  {
    id: 'rx',
    name: 'Received',
    points: Array.from({ length: 50 }, (_, i) => ({ x: from + ((to - from) * i) / 49, y: (i * 37) % 11 })),
  },
];

/** Every pair of neighbouring label boxes, left to right. */
function assertNoOverlap(labels: ReturnType<typeof fitTicks>, bounds: readonly [number, number]) {
  for (let i = 1; i < labels.length; i += 1) {
    expect(labels[i].left).toBeGreaterThanOrEqual(labels[i - 1].right + TICK_LABEL_GAP_PX - 0.5);
  }
  for (const l of labels) {
    expect(l.left).toBeGreaterThanOrEqual(bounds[0] - 0.5);
    expect(l.right).toBeLessThanOrEqual(bounds[1] + 0.5);
    expect(l.right - l.left).toBeCloseTo(estimateLabelWidth(l.label), 6);
  }
}

describe('x-axis labels of the line chart', () => {
  it.each(Object.entries(spans))(
    'never overlap and stay inside the chart at any width from 320 to 1920 px (%s range)',
    (_name, span) => {
      for (let width = 320; width <= 1920; width += 16) {
        const m = lineChartModel(series(end - span, end), { width, height: 200, xType: 'time' });
        const bounds = [-DEFAULT_MARGIN.left, m.innerWidth + DEFAULT_MARGIN.right] as const;
        expect(m.xTicks.length).toBeGreaterThanOrEqual(2);
        assertNoOverlap(m.xTicks, bounds);
        // The count follows the pixels: a wide chart gets more labels than a narrow one.
        if (width >= 1200) expect(m.xTicks.length).toBeGreaterThanOrEqual(6);
      }
    },
  );

  it('fits even long labels (the full date and time) by drawing fewer of them', () => {
    for (let width = 320; width <= 1920; width += 16) {
      const m = lineChartModel(series(end - spans.day, end), {
        width,
        height: 200,
        xType: 'time',
        formatXTick: (x) => formatDateTime(x),
      });
      const bounds = [-DEFAULT_MARGIN.left, m.innerWidth + DEFAULT_MARGIN.right] as const;
      expect(m.xTicks.length).toBeGreaterThanOrEqual(1);
      assertNoOverlap(m.xTicks, bounds);
    }
  });

  it('grows the tick count with the width', () => {
    const count = (width: number) =>
      lineChartModel(series(end - spans.day, end), { width, height: 200, xType: 'time' }).xTicks.length;
    expect(count(1920)).toBeGreaterThan(count(640));
    expect(count(640)).toBeGreaterThan(count(320));
  });

  it('turns the outermost labels inwards instead of cutting them off', () => {
    const labels = fitTicks({
      ticks: () => [0, 100],
      position: (v) => v,
      format: () => '00:00',
      bounds: [0, 100],
    });
    expect(labels.map((l) => l.anchor)).toEqual(['start', 'end']);
    expect(labelsFit(labels, [0, 100], TICK_LABEL_GAP_PX)).toBe(true);
  });

  it('labels times briefly: hours within a day, the date at midnight and over longer ranges', () => {
    expect(formatTimeTick(new Date(2026, 10, 27, 14, 30).getTime(), spans.day)).toBe('14:30');
    expect(formatTimeTick(new Date(2026, 10, 27).getTime(), spans.day)).toBe('27 Nov');
    expect(formatTimeTick(new Date(2026, 10, 27, 12).getTime(), spans.week)).toBe('27 Nov 12:00');
    expect(timeTickValues([end - spans.day, end], 6).every((t) => new Date(t).getMinutes() === 0)).toBe(true);
  });
});
