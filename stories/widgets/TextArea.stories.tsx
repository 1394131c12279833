import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { TextArea, type TextAreaProps } from '../../src/widgets/TextArea';

function Stateful(props: Omit<TextAreaProps, 'onChange'>) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ padding: 24, maxWidth: 480 }}>
      <TextArea {...props} value={value} onChange={setValue} />
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/Text area', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const Unlimited: Story = { args: { label: 'Notes', value: '' } };
export const WithMaxLength: Story = {
  args: { label: 'Description', value: 'Branch office gateway', maxLength: 120 },
};
export const AtMaxLength: Story = { args: { label: 'Code', value: 'ABCDE', maxLength: 5 } };
export const RequiredEmpty: Story = {
  args: { label: 'Reason', value: '', required: true, showValidation: true },
};
