import {
  addStopPercent,
  currentColour,
  pickerReducer,
  type ColourStop,
  type ColourValue,
  type PickerAction,
} from '../../src/widgets/ColourPicker';

const red = { r: 255, g: 0, b: 0, a: 100 };
const blue = { r: 0, g: 0, b: 255, a: 100 };
const solid: ColourValue = { mode: 'solid', colour: red, hue: 0 };
const stop = (id: string, percent: number, over: Partial<ColourStop> = {}): ColourStop => ({
  id,
  percent,
  ...red,
  hue: 0,
  select: false,
  ...over,
});
const gradient = (stops: ColourStop[], angle = 90): ColourValue => ({ mode: 'gradient', angle, stops });
/** Two stops, red at 0 % (selected) to blue at 100 %. */
const twoStops = gradient([stop('a', 0, { select: true }), stop('b', 100, { ...blue, hue: 240 })]);
const threeStops = gradient([
  stop('a', 0),
  stop('b', 50, { select: true }),
  stop('c', 100, { ...blue, hue: 240 }),
]);

describe('pickerReducer', () => {
  it.each<[string, ColourValue, PickerAction, ColourValue]>([
    ['reset replaces the draft', twoStops, { type: 'reset', value: solid }, solid],
    [
      'setColour edits the solid colour and its hue',
      solid,
      { type: 'setColour', colour: blue, hue: 240 },
      { mode: 'solid', colour: blue, hue: 240 },
    ],
    [
      'setColour edits only the selected stop',
      twoStops,
      { type: 'setColour', colour: { ...blue, a: 50 }, hue: 240 },
      gradient([
        stop('a', 0, { ...blue, a: 50, hue: 240, select: true }),
        stop('b', 100, { ...blue, hue: 240 }),
      ]),
    ],
    [
      'setMode gradient makes two stops from the colour to transparent, the first selected',
      solid,
      { type: 'setMode', mode: 'gradient', stopIds: ['x', 'y'] },
      gradient([stop('x', 0, { select: true }), stop('y', 100, { a: 0 })]),
    ],
    [
      'setMode solid keeps the selected stop',
      threeStops,
      { type: 'setMode', mode: 'solid', stopIds: ['x', 'y'] },
      { mode: 'solid', colour: red, hue: 0 },
    ],
    [
      'setMode to the same mode changes nothing',
      solid,
      { type: 'setMode', mode: 'solid', stopIds: ['x', 'y'] },
      solid,
    ],
    [
      'selectStop selects one stop only',
      twoStops,
      { type: 'selectStop', id: 'b' },
      gradient([stop('a', 0), stop('b', 100, { ...blue, hue: 240, select: true })]),
    ],
    [
      'moveStop rounds the position to one decimal',
      twoStops,
      { type: 'moveStop', id: 'a', percent: 12.345 },
      gradient([stop('a', 12.3, { select: true }), stop('b', 100, { ...blue, hue: 240 })]),
    ],
    [
      'moveStop keeps the position within 0–100 %',
      twoStops,
      { type: 'moveStop', id: 'b', percent: 140 },
      twoStops,
    ],
    [
      'moveStop below 0 % stops at 0 %',
      gradient([stop('a', 30, { select: true }), stop('b', 100)]),
      { type: 'moveStop', id: 'a', percent: -5 },
      gradient([stop('a', 0, { select: true }), stop('b', 100)]),
    ],
    [
      'addStop blends the colour there and selects the new stop',
      twoStops,
      { type: 'addStop', percent: 50, id: 'n' },
      gradient([
        stop('a', 0),
        stop('b', 100, { ...blue, hue: 240 }),
        stop('n', 50, { r: 128, g: 0, b: 128, hue: 300, select: true }),
      ]),
    ],
    [
      'removeStop drops a stop and selects the first remaining one',
      threeStops,
      { type: 'removeStop', id: 'a' },
      gradient([stop('b', 50, { select: true }), stop('c', 100, { ...blue, hue: 240 })]),
    ],
    ['removeStop keeps at least 2 stops', twoStops, { type: 'removeStop', id: 'a' }, twoStops],
    [
      'removeStop of an unknown stop changes nothing',
      threeStops,
      { type: 'removeStop', id: 'zz' },
      threeStops,
    ],
    [
      'setAngle sets the angle',
      twoStops,
      { type: 'setAngle', angle: 45.5 },
      gradient(twoStops.mode === 'gradient' ? twoStops.stops : [], 45.5),
    ],
    [
      'setAngle keeps the angle within 0–360',
      twoStops,
      { type: 'setAngle', angle: 500 },
      gradient(twoStops.mode === 'gradient' ? twoStops.stops : [], 360),
    ],
    ['gradient actions do nothing in solid mode', solid, { type: 'addStop', percent: 50, id: 'n' }, solid],
    ['selectStop does nothing in solid mode', solid, { type: 'selectStop', id: 'a' }, solid],
  ])('%s', (_label, state, action, expected) => {
    expect(pickerReducer(state, action)).toEqual(expected);
  });

  it('leaves the previous draft untouched', () => {
    const before = JSON.stringify(threeStops);
    pickerReducer(threeStops, { type: 'moveStop', id: 'b', percent: 10 });
    pickerReducer(threeStops, { type: 'removeStop', id: 'b' });
    expect(JSON.stringify(threeStops)).toBe(before);
  });
});

describe('currentColour', () => {
  it.each<[string, ColourValue, { colour: typeof red; hue: number }]>([
    ['the solid colour', solid, { colour: red, hue: 0 }],
    [
      'the selected stop',
      gradient([stop('a', 0), stop('b', 100, { ...blue, hue: 240, select: true })]),
      { colour: blue, hue: 240 },
    ],
    [
      'the first stop when none is selected',
      gradient([stop('a', 0, { hue: 10 }), stop('b', 100, blue)]),
      { colour: red, hue: 10 },
    ],
  ])('is %s', (_label, value, expected) => {
    expect(currentColour(value)).toEqual(expected);
  });
});

describe('addStopPercent', () => {
  it.each<[string, ColourValue, number]>([
    ['halfway to the next stop', twoStops, 50],
    [
      'halfway back to the one before, from the last stop',
      gradient([stop('a', 0), stop('b', 80, { select: true })]),
      40,
    ],
    [
      'between the selected and the next stop by position, not by list order',
      gradient([stop('c', 100), stop('a', 20, { select: true }), stop('b', 60)]),
      40,
    ],
  ])('is %s', (_label, value, expected) => {
    expect(value.mode === 'gradient' && addStopPercent(value)).toBe(expected);
  });
});
