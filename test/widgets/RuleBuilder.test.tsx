/** @jest-environment jsdom */
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  RuleBuilder,
  changeField,
  addAt,
  removeAt,
  nodeAt,
  newRule,
  newGroup,
  type RuleGroup,
  type RuleTypeDefinition,
  type Rule,
} from '../../src/widgets/RuleBuilder';
import { expectNoSeriousA11yViolations } from './support/a11y';

const definitions: RuleTypeDefinition[] = [
  {
    field: 'service',
    label: 'Service',
    type: 'select',
    operators: [
      { id: '', name: 'Choose…' },
      { id: 'eq', name: 'is' },
      { id: 'ne', name: 'is not' },
    ],
    options: [
      { id: 'sshd', name: 'sshd' },
      { id: 'dns', name: 'dns' },
    ],
  },
  {
    field: 'message',
    label: 'Message',
    type: 'string',
    operators: [
      { id: 'contains', name: 'contains' },
      { id: 'eq', name: 'equals' },
    ],
  },
  {
    field: 'tags',
    label: 'Tags',
    type: 'list.string',
    operators: [
      { id: '', name: '—' },
      { id: 'any', name: 'any of' },
    ],
  },
];

const rule = (over: Partial<Rule> = {}): Rule => ({
  field: 'message',
  operator: 'eq',
  value: 'boot',
  type: 'string',
  match_on_missing_field: true,
  ...over,
});

describe('rule edits', () => {
  it.each([
    ['tags', { field: 'tags', type: 'list.string', operator: 'any', value: [] }],
    ['service', { field: 'service', type: 'select', operator: 'eq', value: '' }],
    ['message', { field: 'message', type: 'string', operator: 'contains', value: '' }],
  ] as const)(
    'changing the field to %s resets value and picks the first real operator',
    (field, expected) => {
      expect(changeField(rule(), field, definitions)).toEqual({ ...expected, match_on_missing_field: true });
    },
  );

  it('adds, finds and removes nested nodes without touching the original', () => {
    const root: RuleGroup = { condition: 'and', rules: [rule()] };
    const withGroup = addAt(root, [], newGroup('or'));
    const withNested = addAt(withGroup, [1], newRule(definitions[0]));
    expect(nodeAt(withNested, [1, 0])).toEqual({
      field: 'service',
      operator: 'eq',
      value: '',
      type: 'select',
      match_on_missing_field: false,
    });
    expect(root.rules).toHaveLength(1);
    expect(removeAt(withNested, [1, 0])).toEqual({
      condition: 'and',
      rules: [rule(), { condition: 'or', rules: [] }],
    });
    expect(removeAt(withNested, [])).toBe(withNested);
    expect(addAt(withNested, [0], newRule())).toBe(withNested);
    expect(nodeAt(withNested, [5])).toBeUndefined();
  });
});

function Harness({ initial, onValue }: { initial: RuleGroup; onValue?: (g: RuleGroup) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <RuleBuilder
      label="Log filter"
      definitions={definitions}
      value={value}
      onChange={(g) => {
        setValue(g);
        onValue?.(g);
      }}
    />
  );
}

describe('RuleBuilder', () => {
  it('edits a rule: field change resets value and operator; value types follow the field', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness initial={{ condition: 'and', rules: [rule()] }} onValue={onValue} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field of rule 1' }), 'tags');
    expect(onValue).toHaveBeenLastCalledWith({
      condition: 'and',
      rules: [
        { field: 'tags', type: 'list.string', operator: 'any', value: [], match_on_missing_field: true },
      ],
    });
    const entry = screen.getByRole('textbox', { name: 'New value of rule 1' });
    await user.type(entry, 'auth{Enter}kernel{Enter}');
    expect(onValue.mock.lastCall[0].rules[0].value).toEqual(['auth', 'kernel']);
    await user.click(screen.getByRole('button', { name: 'Remove auth from rule 1' }));
    expect(onValue.mock.lastCall[0].rules[0].value).toEqual(['kernel']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field of rule 1' }), 'service');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Value of rule 1' }), 'dns');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Operator of rule 1' }), 'ne');
    await user.click(screen.getByRole('checkbox', { name: 'Match when field is missing' }));
    expect(onValue).toHaveBeenLastCalledWith({
      condition: 'and',
      rules: [
        { field: 'service', type: 'select', operator: 'ne', value: 'dns', match_on_missing_field: false },
      ],
    });
  });

  it('builds nested and/or groups and removes them', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness initial={newGroup()} onValue={onValue} />);
    expect(screen.getByText('No rules in this group yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const nested = screen.getByRole('group', { name: 'Group 1' });
    await user.click(within(nested).getByRole('radio', { name: 'OR' }));
    await user.click(within(nested).getByRole('button', { name: 'Add rule' }));
    expect(onValue).toHaveBeenLastCalledWith({
      condition: 'and',
      rules: [
        {
          condition: 'or',
          rules: [
            { field: 'service', operator: 'eq', value: '', type: 'select', match_on_missing_field: false },
          ],
        },
      ],
    });
    expect(within(nested).getByRole('combobox', { name: 'Value of rule 1.1' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Remove rule 1.1' }));
    await user.click(screen.getByRole('button', { name: 'Remove group 1' }));
    expect(onValue).toHaveBeenLastCalledWith({ condition: 'and', rules: [] });
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(
      <Harness
        initial={{
          condition: 'or',
          rules: [
            rule(),
            {
              condition: 'and',
              rules: [rule({ field: 'tags', type: 'list.string', operator: 'any', value: ['a'] })],
            },
          ],
        }}
      />,
    );
    await expectNoSeriousA11yViolations(container);
  });
});
