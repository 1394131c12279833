import { formatStep, MAX_TIME_POINTS, resample, timeScaleError } from '../../src/widgets/charts/timeScale';

describe('time scale', () => {
  it('accepts a range that fits its step and refuses one too large for it (spec §8)', () => {
    const day = 86_400_000;
    expect(timeScaleError([0, day], 5 * 60_000)).toBeNull(); // 288 points
    expect(timeScaleError([0, MAX_TIME_POINTS * 60_000], 60_000)).toBeNull(); // exactly the ceiling
    expect(timeScaleError([0, day], 60_000)).toBe(
      'The range is too large for the step: one point every 1 minute needs 1440 points, at most 500 can be drawn. ' +
        'Choose a shorter range or a longer step.',
    );
    expect(timeScaleError([day, 0], 60_000)).not.toBeNull(); // either order
    expect(timeScaleError([0, 10], 1, 5)).toMatch(/needs 10 points, at most 5/);
    expect(timeScaleError([0, day], 0)).toBeNull(); // no step, no scale
  });

  it('names steps in their largest whole unit', () => {
    expect(formatStep(60_000)).toBe('1 minute');
    expect(formatStep(15 * 60_000)).toBe('15 minutes');
    expect(formatStep(3_600_000)).toBe('1 hour');
    expect(formatStep(90_000)).toBe('90 seconds');
    expect(formatStep(250)).toBe('250 ms');
  });

  it('re-samples to one point per step: the mean of each bucket at its end, empty buckets left out', () => {
    const points = [
      { x: 10, y: 1 },
      { x: 50, y: 3 },
      { x: 120, y: 10 },
      { x: 400, y: 7 },
      { x: 410, y: Number.NaN },
    ];
    expect(resample(points, 100, 0)).toEqual([
      { x: 100, y: 2 },
      { x: 200, y: 10 },
      { x: 400, y: 7 },
    ]);
  });
});
