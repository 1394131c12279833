import { isNewer } from '../../../src/appliance/jobs/steps';

describe('update versions', () => {
  it.each([
    ['1.1.0', '1.0.0', true],
    ['1.0.10', '1.0.9', true],
    ['2.0.0', '1.99.99', true],
    ['1.0.0', '1.0.0', false],
    ['1.0.0', '1.0.1', false],
    ['0.9.9', '1.0.0', false],
  ])('%s newer than %s: %s', (candidate, current, expected) => {
    expect(isNewer(candidate, current)).toBe(expected);
  });
});
