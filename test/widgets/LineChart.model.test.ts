import { clampTension, lineChartModel, SERIES_DASHES } from '../../src/widgets/charts/lineChartModel';
import { SERIES_COLORS, seriesColor } from '../../src/widgets/charts/palette';

const pts = (...ys: number[]) => ys.map((y, x) => ({ x, y }));

describe('lineChartModel', () => {
  const base = { width: 200, height: 100, margin: { top: 0, right: 0, bottom: 0, left: 0 } };

  it('maps x to the width and y (from 0) to the height', () => {
    const m = lineChartModel([{ id: 'a', name: 'A', points: pts(0, 5, 10) }], { ...base, tension: 0 });
    expect(m.series[0].points.map((p) => [p.x, p.y])).toEqual([
      [0, 100],
      [100, 50],
      [200, 0],
    ]);
    expect(m.yTicks[0]).toEqual({ value: 0, y: 100 });
    expect(m.empty).toBe(false);
  });

  it('draws straight segments at tension 0 and curves otherwise', () => {
    const straight = lineChartModel([{ id: 'a', name: 'A', points: pts(0, 10, 0) }], { ...base, tension: 0 });
    const curved = lineChartModel([{ id: 'a', name: 'A', points: pts(0, 10, 0) }], { ...base, tension: 0.5 });
    const bundle = lineChartModel([{ id: 'a', name: 'A', points: pts(0, 10, 0) }], {
      ...base,
      tension: 0.5,
      curve: 'bundle',
    });
    expect(straight.series[0].d).toMatch(/^M0,100C/);
    // Cardinal with tension 1 (our 0) puts the control points on the segment: still a straight line.
    expect(straight.series[0].d).toContain('200,100');
    expect(curved.series[0].d).not.toEqual(straight.series[0].d);
    expect(bundle.series[0].d).not.toEqual(curved.series[0].d);
  });

  it('gives series the §9 colours in order, and dash patterns', () => {
    const series = Array.from({ length: 6 }, (_, i) => ({ id: `s${i}`, name: `S${i}`, points: pts(1, 2) }));
    const m = lineChartModel(series, base);
    expect(m.series.map((s) => s.color)).toEqual([
      '#76b100',
      '#ed332e',
      '#ffbf00',
      '#f78744',
      '#196ecd',
      '#76b100',
    ]);
    expect(m.series.map((s) => s.dash)).toEqual([...SERIES_DASHES, SERIES_DASHES[0]]);
    expect(
      lineChartModel([{ id: 'x', name: 'X', points: pts(1, 2), color: 'purple' }], base).series[0].color,
    ).toBe('purple');
  });

  it('handles empty, single-point, flat and non-finite data without NaN', () => {
    expect(lineChartModel([], base).empty).toBe(true);
    const waiting = lineChartModel(
      [
        { id: 'a', name: 'A', points: [] },
        { id: 'b', name: 'B', points: [{ x: NaN, y: 1 }] },
      ],
      base,
    );
    expect(waiting).toMatchObject({ empty: true, xTicks: [], yTicks: [] });
    expect(waiting.series.map((s) => [s.id, s.d, s.points.length, s.dash])).toEqual([
      ['a', '', 0, undefined],
      ['b', '', 0, '6 3'],
    ]);
    const one = lineChartModel([{ id: 'a', name: 'A', points: [{ x: 5, y: 3 }] }], base);
    expect(one.series[0].d).toBe('');
    expect(one.series[0].points).toHaveLength(1);
    const flat = lineChartModel(
      [{ id: 'a', name: 'A', points: [...pts(0, 0, 0), { x: 3, y: Number.NaN }] }],
      base,
    );
    expect(flat.series[0].points).toHaveLength(3);
    expect(flat.series[0].d).not.toMatch(/NaN/);
  });

  it('sorts points by x and honours xDomain and yMin null', () => {
    const m = lineChartModel(
      [
        {
          id: 'a',
          name: 'A',
          points: [
            { x: 2, y: 20 },
            { x: 0, y: 10 },
          ],
        },
      ],
      { ...base, xDomain: [0, 4], yMin: null },
    );
    expect(m.series[0].points.map((p) => p.x)).toEqual([0, 100]);
    expect(m.yTicks[0].value).toBe(10);
  });

  it.each([
    [-1, 0],
    [0.5, 0.5],
    [3, 1],
    [Number.NaN, 0.5],
  ])('clampTension(%p) = %p', (t, expected) => {
    expect(clampTension(t)).toBe(expected);
  });

  it('seriesColor cycles the palette', () => {
    expect(seriesColor(0)).toBe(SERIES_COLORS[0]);
    expect(seriesColor(7)).toBe(SERIES_COLORS[2]);
  });
});
