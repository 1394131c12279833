import { compareVersions } from '../../../src/appliance/updates/package';

describe('update versions', () => {
  it.each([
    ['1.1.0', '1.0.0', 1],
    ['1.0.10', '1.0.9', 1],
    ['2.0.0', '1.99.99', 1],
    ['1.0.0', '1.0.0', 0],
    ['1.0.0', '1.0.1', -1],
    ['0.9.9', '1.0.0', -1],
  ])('%s against %s: %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });
});
