/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ColourPicker,
  SAVED_COLOURS_KEY,
  SAVED_COLOURS_LIMIT,
  toCss,
  formatColour,
  parseHex,
  channelsOf,
  fromChannels,
  pushSaved,
  stopAt,
  switchMode,
  type ColourValue,
  type ColourStop,
} from '../../src/widgets/ColourPicker';
import { expectNoSeriousA11yViolations } from './support/a11y';

const green = { r: 116, g: 179, b: 32, a: 100 };
const solid: ColourValue = { mode: 'solid', colour: green, hue: 85 };
const stop = (over: Partial<ColourStop>): ColourStop => ({
  id: 's',
  r: 0,
  g: 0,
  b: 0,
  a: 100,
  percent: 0,
  hue: 0,
  select: false,
  ...over,
});

describe('colour maths', () => {
  it.each([
    ['HEX', '#74b320'],
    ['HEX8', '#74b320ff'],
    ['RGB', 'rgb(116, 179, 32)'],
    ['RGBA', 'rgba(116, 179, 32, 1)'],
  ] as const)('outputs %s', (format, out) => expect(formatColour(green, format)).toBe(out));

  it('outputs alpha in HEX8 and RGBA', () => {
    expect(formatColour({ ...green, a: 50 }, 'HEX8')).toBe('#74b32080');
    expect(formatColour({ ...green, a: 50 }, 'RGBA')).toBe('rgba(116, 179, 32, 0.5)');
  });

  it.each([
    ['#f', { r: 255, g: 255, b: 255, a: 40 }],
    ['#1234', { r: 17, g: 34, b: 51, a: 40 }],
    ['#zzz', null],
  ])('parses hex %j with the §5 rules', (hex, out) => expect(parseHex(hex, 40)).toEqual(out));

  it.each([
    ['RGB', { r: 116, g: 179, b: 32 }],
    ['HSL', { h: 85, s: 70, l: 41 }],
    ['HSV', { h: 85, s: 82, v: 70 }],
    ['CMYK', { c: 35, m: 0, y: 82, k: 30 }],
  ] as const)('reads %s channels', (type, out) => expect(channelsOf(green, type, 85)).toEqual(out));

  it('clamps channel input to the §5 ranges', () => {
    expect(fromChannels({ r: 300, g: -5, b: 10 }, 'RGB', 150).colour).toEqual({
      r: 255,
      g: 0,
      b: 10,
      a: 100,
    });
    expect(fromChannels({ h: 400, s: 100, v: 100 }, 'HSV', 100).hue).toBe(360);
    expect(fromChannels({ c: 0, m: 0, y: 0, k: 100 }, 'CMYK', 100).colour).toEqual({
      r: 0,
      g: 0,
      b: 0,
      a: 100,
    });
  });

  it('writes a gradient as CSS with sorted stops', () => {
    const value: ColourValue = {
      mode: 'gradient',
      angle: 45,
      stops: [stop({ id: 'b', percent: 100, r: 255 }), stop({ id: 'a', percent: 0, a: 0 })],
    };
    expect(toCss(value)).toBe('linear-gradient(45deg, rgba(0, 0, 0, 0) 0%, rgba(255, 0, 0, 1) 100%)');
    expect(toCss(solid)).toBe('rgba(116, 179, 32, 1)');
  });

  it('blends a new stop from its neighbours', () => {
    const s = stopAt([stop({ id: 'a', percent: 0 }), stop({ id: 'b', percent: 100, r: 200, g: 100 })], 50);
    expect([s.r, s.g, s.b, s.percent, s.select]).toEqual([100, 50, 0, 50, true]);
  });

  it('turns solid into a two-stop gradient and back', () => {
    const g = switchMode(solid, 'gradient');
    expect(g.mode === 'gradient' && g.stops.length).toBe(2);
    expect(switchMode(g, 'solid')).toEqual(solid);
  });

  it('keeps at most 15 saved colours, newest first, without duplicates', () => {
    const many = Array.from({ length: 15 }, (_, i) => `#0000${i.toString(16).padStart(2, '0')}ff`);
    const next = pushSaved(many, '#000003ff');
    expect(next[0]).toBe('#000003ff');
    expect(next).toHaveLength(15);
    expect(pushSaved(many, '#ffffffff')).toHaveLength(SAVED_COLOURS_LIMIT);
    expect(pushSaved(many, '#ffffffff')).not.toContain('#00000eff');
  });
});

describe('ColourPicker', () => {
  beforeEach(() => window.localStorage.clear());

  it('edits via RGB, HSL and hex inputs and emits the value on save, remembering the colour', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(<ColourPicker value={solid} onSave={onSave} />);
    const red = screen.getByRole('spinbutton', { name: 'Red' });
    await user.clear(red);
    await user.type(red, '255');
    expect(screen.getByText('rgb(255, 179, 32)')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Input type' }), 'HSL');
    expect(screen.getByRole('spinbutton', { name: 'Lightness' })).toBeInTheDocument();
    const hex = screen.getByRole('textbox', { name: 'Hex' });
    await user.clear(hex);
    await user.type(hex, '#abcd{Enter}');
    expect(hex).toHaveValue('#aabbcc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      { mode: 'solid', colour: { r: 170, g: 187, b: 204, a: 100 }, hue: expect.any(Number) },
      'rgba(170, 187, 204, 1)',
    );
    expect(JSON.parse(window.localStorage.getItem(SAVED_COLOURS_KEY) as string)).toEqual(['#aabbccff']);
    expect(screen.getByRole('button', { name: 'Use saved colour #aabbccff' })).toBeInTheDocument();
  });

  it('cancel (or Escape) restores the last saved value', async () => {
    const user = userEvent.setup();
    const onCancel = jest.fn();
    render(<ColourPicker value={solid} onSave={jest.fn()} onCancel={onCancel} />);
    const alpha = screen.getByRole('spinbutton', { name: 'Alpha' });
    await user.clear(alpha);
    await user.type(alpha, '20');
    expect(screen.getByText('rgba(116, 179, 32, 0.2)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('rgba(116, 179, 32, 1)')).toBeInTheDocument();
    await user.clear(alpha);
    await user.type(alpha, '30{Escape}');
    expect(screen.getByText('rgba(116, 179, 32, 1)')).toBeInTheDocument();
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('moves saturation and brightness with the arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <ColourPicker
        value={{ mode: 'solid', colour: { r: 255, g: 0, b: 0, a: 100 }, hue: 0 }}
        onSave={jest.fn()}
      />,
    );
    const area = screen.getByRole('slider', { name: 'Saturation and brightness' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => area.focus());
    await user.keyboard('{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}');
    expect(area).toHaveAttribute('aria-valuetext', 'Saturation 50%, brightness 100%');
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(area).toHaveAttribute('aria-valuetext', 'Saturation 50%, brightness 90%');
  });

  it('edits a gradient: needs 2 stops, angle 0–360, adds a stop on a double tap within 300 ms', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(<ColourPicker value={solid} onSave={onSave} />);
    await user.click(screen.getByRole('radio', { name: 'Gradient' }));
    expect(screen.getAllByRole('button', { name: /^Stop \d at/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Remove stop' })).toBeDisabled();
    const angle = screen.getByRole('spinbutton', { name: 'Angle' });
    await user.clear(angle);
    await user.type(angle, '500');
    await user.tab();
    expect(angle).toHaveValue(360);
    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    expect(screen.getAllByRole('button', { name: /^Stop \d at/ })).toHaveLength(3);

    const first = screen.getByRole('button', { name: 'Stop 1 at 0%' });
    act(() => first.focus());
    await user.keyboard('{ArrowRight}{Shift>}{ArrowRight}{/Shift}');
    expect(screen.getByRole('button', { name: 'Stop 1 at 11%' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Delete}');
    expect(screen.getAllByRole('button', { name: /^Stop \d at/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const [value, css] = onSave.mock.lastCall;
    expect(value.mode).toBe('gradient');
    expect(value.angle).toBe(360);
    expect(css).toMatch(/^linear-gradient\(360deg, /);
  });

  it('adds a stop only when two taps on the bar come within 300 ms', () => {
    jest.useFakeTimers({ now: 10_000 });
    try {
      render(<ColourPicker value={solid} onSave={jest.fn()} />);
      fireEvent.click(screen.getByRole('radio', { name: 'Gradient' }));
      const bar = screen.getByTestId('gradient-bar');
      const stops = () => screen.getAllByRole('button', { name: /^Stop \d at/ }).length;
      fireEvent.pointerDown(bar, { clientX: 0 });
      jest.setSystemTime(10_000 + 301);
      fireEvent.pointerDown(bar, { clientX: 0 });
      expect(stops()).toBe(2);
      jest.setSystemTime(10_000 + 301 + 300);
      fireEvent.pointerDown(bar, { clientX: 0 });
      expect(stops()).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('applies a saved colour', async () => {
    window.localStorage.setItem(SAVED_COLOURS_KEY, JSON.stringify(['#ff000080', 'not a colour']));
    const user = userEvent.setup();
    render(<ColourPicker value={solid} onSave={jest.fn()} />);
    const saved = screen.getByRole('list', { name: 'Saved colours' });
    expect(within(saved).getAllByRole('button')).toHaveLength(1);
    await user.click(within(saved).getByRole('button', { name: 'Use saved colour #ff000080' }));
    expect(screen.getByText('#ff000080')).toBeInTheDocument();
  });

  it('has no serious accessibility violations in solid and gradient modes', async () => {
    const user = userEvent.setup();
    const { container } = render(<ColourPicker value={solid} onSave={jest.fn()} />);
    await expectNoSeriousA11yViolations(container);
    await user.click(screen.getByRole('radio', { name: 'Gradient' }));
    await expectNoSeriousA11yViolations(container);
  });
});
