import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent, within } from 'storybook/test';
import { TextInput, type TextInputProps } from '../../src/widgets/TextInput';

function Stateful(props: Omit<TextInputProps, 'value' | 'onChange'> & { value?: string }) {
  const [value, setValue] = useState(props.value ?? '');
  return (
    <div style={{ padding: 24, maxWidth: 420 }}>
      <TextInput {...props} value={value} onChange={setValue} />
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/Text input', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const Empty: Story = { args: { label: 'Hostname', validators: ['hostname'] } };
export const Valid: Story = {
  args: { label: 'Hostname', validators: ['hostname'], value: 'gateway-1', showValidation: true },
};
export const NotValid: Story = {
  args: { label: 'Hostname', validators: ['hostname'], value: '-bad-', showValidation: true },
};
export const RequiredEmpty: Story = {
  args: { label: 'Hostname', validators: ['hostname'], required: true, showValidation: true },
};
export const ForcedInvalid: Story = {
  args: {
    label: 'Hostname',
    validators: ['hostname'],
    value: 'gateway-1',
    serverError: 'This hostname is already in use.',
  },
};
export const OrCombinedWithBounds: Story = {
  args: {
    label: 'Port',
    validators: ['integer', 'wildcard'],
    min: 1,
    max: 65535,
    value: '443',
    showValidation: true,
  },
};
export const MultiValue: Story = {
  args: { label: 'DNS servers', validators: ['ip'], multiple: true, value: '9.9.9.9, 1.1.1.1' },
};
export const WithInfoHint: Story = {
  args: { label: 'Search domain', validators: ['fqdn'], info: 'Appended to names without a dot.' },
};
export const Disabled: Story = { args: { label: 'Hostname', value: 'gateway-1', disabled: true } };

export const MultiValueRejectedEntry: Story = {
  args: { label: 'DNS servers', validators: ['ip'], multiple: true, value: '9.9.9.9' },
  play: async ({ canvasElement }) => {
    await userEvent.type(
      within(canvasElement).getByRole('textbox', { name: 'DNS servers' }),
      'not-an-ip{Enter}',
    );
  },
};
export const InfoHintShown: Story = {
  args: { label: 'Search domain', validators: ['fqdn'], info: 'Appended to names without a dot.' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'About Search domain' }));
  },
};
