import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { RuleBuilder, type RuleGroup, type RuleTypeDefinition } from '../../src/widgets/RuleBuilder';

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
      { id: 'dnsmasq', name: 'dnsmasq' },
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
      { id: 'any', name: 'any of' },
      { id: 'all', name: 'all of' },
    ],
  },
];

function Stateful({ initial, disabled }: { initial: RuleGroup; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <div style={{ padding: 24 }}>
      <RuleBuilder
        label="Log filter"
        definitions={definitions}
        value={value}
        onChange={setValue}
        disabled={disabled}
      />
      <pre style={{ fontSize: 12 }}>{JSON.stringify(value, null, 2)}</pre>
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/Rule builder', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const Empty: Story = { args: { initial: { condition: 'and', rules: [] } } };
export const FlatAnd: Story = {
  args: {
    initial: {
      condition: 'and',
      rules: [
        { field: 'service', operator: 'eq', value: 'sshd', type: 'select', match_on_missing_field: false },
        {
          field: 'message',
          operator: 'contains',
          value: 'failed',
          type: 'string',
          match_on_missing_field: false,
        },
      ],
    },
  },
};
export const NestedOr: Story = {
  args: {
    initial: {
      condition: 'or',
      rules: [
        { field: 'service', operator: 'eq', value: 'dnsmasq', type: 'select', match_on_missing_field: false },
        {
          condition: 'and',
          rules: [
            {
              field: 'tags',
              operator: 'any',
              value: ['auth', 'kernel'],
              type: 'list.string',
              match_on_missing_field: true,
            },
          ],
        },
      ],
    },
  },
};
export const Disabled: Story = {
  args: { ...FlatAnd.args, disabled: true } as { initial: RuleGroup; disabled: boolean },
};
