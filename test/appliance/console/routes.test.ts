import { csvCell } from '../../../src/appliance/console/routes';

describe('CSV cells', () => {
  it.each([
    ['plain', '"plain"'],
    ['say "hi"', '"say ""hi"""'],
    ['a;b', '"a;b"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+1', '"\'+1"'],
    ['-1', '"\'-1"'],
    ['@cmd', '"\'@cmd"'],
    [42, '"42"'],
  ])('%j → %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});
