import { fitView, zoomAround } from '../../../src/qa/StatechartView/usePanZoom';

describe('pan and zoom arithmetic', () => {
  it('keeps the point under the cursor in place while zooming', () => {
    const before = { x: 10, y: 20, k: 1 };
    const after = zoomAround(before, 2, 110, 120);
    // The drawing point under (110, 120) was (100, 100); it still is.
    expect((110 - after.x) / after.k).toBeCloseTo(100);
    expect((120 - after.y) / after.k).toBeCloseTo(100);
    expect(after.k).toBe(2);
  });

  it('bounds the zoom', () => {
    expect(zoomAround({ x: 0, y: 0, k: 3 }, 10, 0, 0).k).toBe(4);
    expect(zoomAround({ x: 0, y: 0, k: 0.3 }, 0.1, 0, 0).k).toBe(0.2);
  });

  it('fits a large drawing into the viewport and never enlarges a small one', () => {
    const big = fitView(2000, 500, 1000, 600);
    expect(2000 * big.k).toBeLessThanOrEqual(1000);
    expect(fitView(100, 100, 1000, 600).k).toBe(1);
  });
});
