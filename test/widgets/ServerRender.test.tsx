/**
 * Every widget renders on the server (the console is server-rendered): no window or document access during render.
 * Runs in the node environment on purpose.
 */
import { renderToString } from 'react-dom/server';
import { Accordion } from '../../src/widgets/Accordion';
import { Checkbox } from '../../src/widgets/Checkbox';
import { ColourPicker } from '../../src/widgets/ColourPicker';
import { DateInput } from '../../src/widgets/DateInput';
import { FileChooser } from '../../src/widgets/FileChooser';
import { ImageInput } from '../../src/widgets/ImageInput';
import { ListChooser } from '../../src/widgets/ListChooser';
import { ListInput } from '../../src/widgets/ListInput';
import { Loader } from '../../src/widgets/Loader';
import { NumberInput } from '../../src/widgets/NumberInput';
import { ProgressLine } from '../../src/widgets/ProgressLine';
import { RangeInput } from '../../src/widgets/RangeInput';
import { RichTextEditor } from '../../src/widgets/RichTextEditor';
import { RuleBuilder } from '../../src/widgets/RuleBuilder';
import { Select } from '../../src/widgets/Select';
import { Tabs } from '../../src/widgets/Tabs';
import { TextArea } from '../../src/widgets/TextArea';
import { TextInput } from '../../src/widgets/TextInput';
import { TimeInput } from '../../src/widgets/TimeInput';
import { Tooltip } from '../../src/widgets/Tooltip';

const noop = () => undefined;

it.each([
  [
    'Accordion',
    <Accordion key="a" title="T" defaultExpanded>
      x
    </Accordion>,
    'aria-expanded="true"',
  ],
  ['Checkbox', <Checkbox key="a" label="C" checked onChange={noop} />, 'checked'],
  [
    'ColourPicker',
    <ColourPicker
      key="a"
      value={{ mode: 'solid', colour: { r: 1, g: 2, b: 3, a: 100 }, hue: 0 }}
      onSave={noop}
    />,
    '#010203ff',
  ],
  ['DateInput', <DateInput key="a" label="D" value={null} onChange={noop} />, 'type="date"'],
  ['FileChooser', <FileChooser key="a" label="F" file={null} onChange={noop} />, 'No file chosen'],
  ['ImageInput', <ImageInput key="a" label="I" value={null} onChange={noop} />, 'Choose image'],
  ['ListChooser', <ListChooser key="a" label="L" items={[]} selected={[]} onChange={noop} />, 'Choose…'],
  ['ListInput', <ListInput key="a" label="L" values={['a']} onChange={noop} />, 'Remove all'],
  ['Loader', <Loader key="a" />, 'Loading…'],
  ['NumberInput', <NumberInput key="a" label="N" value={5} onChange={noop} />, 'value="5"'],
  ['ProgressLine', <ProgressLine key="a" label="P" percent={40} />, 'aria-valuenow="40"'],
  ['RangeInput', <RangeInput key="a" label="R" value={3} onChange={noop} />, 'type="range"'],
  ['RichTextEditor', <RichTextEditor key="a" label="R" value="<p>x</p>" onChange={noop} />, 'role="toolbar"'],
  [
    'RuleBuilder',
    <RuleBuilder key="a" value={{ condition: 'and', rules: [] }} onChange={noop} definitions={[]} />,
    'Add rule',
  ],
  ['Select', <Select key="a" label="S" value="" options={[]} onChange={noop} />, '<select'],
  [
    'Tabs',
    <Tabs key="a" label="T" tabs={[{ id: 'a', name: 'A' }]} activeId="a" onChange={noop} />,
    'role="tablist"',
  ],
  ['TextArea', <TextArea key="a" label="T" value="" onChange={noop} />, '<textarea'],
  [
    'TextInput',
    <TextInput key="a" label="T" value="" onChange={noop} validators={['ip']} />,
    'An IPv4 address',
  ],
  ['TimeInput', <TimeInput key="a" label="T" value="7:5" onChange={noop} />, 'value="07"'],
  [
    'Tooltip',
    <Tooltip key="a" content="tip">
      <button type="button">b</button>
    </Tooltip>,
    '<button',
  ],
])('%s renders on the server', (_name, element, expected) => {
  expect(renderToString(element)).toContain(expected);
});
