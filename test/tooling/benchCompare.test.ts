import { judge, TOLERANCE } from '../bench/compare';

describe('bench comparison', () => {
  const size = { value: 100_000, unit: 'bytes' as const, better: 'lower' as const };
  const rate = { value: 1000, unit: 'req/s' as const, better: 'higher' as const };

  it('fails a figure only past 15% worse than its baseline', () => {
    expect(TOLERANCE).toBe(0.15);
    expect(judge(115_000, size)).toBe('ok');
    expect(judge(115_001, size)).toBe('REGRESSED');
    expect(judge(850, rate)).toBe('ok');
    expect(judge(849, rate)).toBe('REGRESSED');
  });

  it('never fails an improvement, a new figure or a zero baseline that stays zero', () => {
    expect(judge(50_000, size)).toBe('better');
    expect(judge(2000, rate)).toBe('better');
    expect(judge(123, undefined)).toBe('new');
    expect(judge(0, { ...size, value: 0 })).toBe('ok');
    expect(judge(1, { ...size, value: 0 })).toBe('REGRESSED');
  });
});
