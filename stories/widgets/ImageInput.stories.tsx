import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fireEvent, within } from 'storybook/test';
import { ImageInput, type ImageInputProps } from '../../src/widgets/ImageInput';

const sample =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="#76b100"/><text x="12" y="38" font-size="22" fill="#fff">Rampart</text></svg>',
  );

function Stateful(props: Omit<ImageInputProps, 'onChange'>) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ padding: 24, maxWidth: 520 }}>
      <ImageInput {...props} value={value} onChange={setValue} />
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/Image input', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const Empty: Story = { args: { label: 'Login logo', value: null } };
export const WithImage: Story = { args: { label: 'Login logo', value: sample } };
export const SmallerLimit: Story = { args: { label: 'Bar logo', value: null, maxWidth: 200, maxHeight: 60 } };
export const Disabled: Story = { args: { label: 'Login logo', value: sample, disabled: true } };

/** §8 "Please select an image." after choosing a file that is not an image. */
export const NotAnImage: Story = {
  args: { label: 'Login logo', value: null },
  play: async ({ canvasElement }) => {
    const input = canvasElement.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    await within(canvasElement).findByRole('alert');
  },
};
