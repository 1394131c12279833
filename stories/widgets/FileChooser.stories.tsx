import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { FileChooser, type FileChooserProps } from '../../src/widgets/FileChooser';

function Stateful(props: Omit<FileChooserProps, 'onChange' | 'file'> & { initial?: File }) {
  const [file, setFile] = useState<File | null>(props.initial ?? null);
  return (
    <div style={{ padding: 24, maxWidth: 520 }}>
      <FileChooser {...props} file={file} onChange={setFile} />
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/File chooser', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const AnyFile: Story = { args: { label: 'Backup archive' } };
export const AcceptFilter: Story = {
  args: { label: 'CA certificate', accept: '.pem,.crt', hint: 'PEM or CRT, one file.' },
};
export const Chosen: Story = {
  args: { label: 'CA certificate', accept: '.pem', initial: new File(['x'], 'root-ca.pem') },
};
export const WithError: Story = {
  args: { label: 'CA certificate', accept: '.pem', error: 'The certificate could not be parsed.' },
};
export const Disabled: Story = { args: { label: 'CA certificate', disabled: true } };
