import { primaryHoverColour } from '../../src/lib/colour';

describe('primary hover colour', () => {
  it.each([
    ['the default green, a little darker', '#76b100', '#5e8d00'],
    ['a mid blue, darker', '#196ecd', '#155dad'],
    ['white, darker', '#ffffff', '#ededed'],
    ['black, lighter (darker would not show)', '#000000', '#121212'],
    ['a very dark navy, lighter', '#0a1020', '#121e3b'],
    ['short hex', '#fff', '#ededed'],
  ])('%s', (_name, primary, hover) => {
    expect(primaryHoverColour(primary)).toBe(hover);
  });

  it('is null for something that is not a colour', () => {
    expect(primaryHoverColour('url(javascript:x)')).toBeNull();
  });
});
