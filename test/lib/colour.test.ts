import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { MIN_TEXT_CONTRAST, primaryContrastColour, primaryHoverColour } from '../../src/lib/colour';

extend([a11yPlugin]);

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

describe('text colour on the primary', () => {
  it.each([
    ['the default green keeps the theme dark text', '#76b100', '#10180a'],
    ['a mid blue takes white (dark text is 3.6:1 on it)', '#196ecd', '#ffffff'],
    ['a mid red takes black (neither dark text nor white reaches 4.5:1)', '#ed332e', '#000000'],
    ['amber keeps the dark text', '#ffbf00', '#10180a'],
    ['black takes white', '#000000', '#ffffff'],
  ])('%s', (_name, primary, text) => {
    expect(primaryContrastColour(primary)).toBe(text);
  });

  it('is readable (WCAG AA) on any primary', () => {
    for (let i = 0; i < 512; i++) {
      const primary = `#${((i * 2_654_435_761) % 0xffffff).toString(16).padStart(6, '0')}`;
      const text = primaryContrastColour(primary)!;
      expect({ primary, contrast: colord(text).contrast(primary) >= MIN_TEXT_CONTRAST }).toEqual({
        primary,
        contrast: true,
      });
    }
  });

  it('is null for something that is not a colour', () => {
    expect(primaryContrastColour('red; background: url(x)')).toBeNull();
  });
});
