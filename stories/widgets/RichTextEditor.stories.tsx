import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent, within } from 'storybook/test';
import { RichTextEditor, type RichTextEditorProps } from '../../src/widgets/RichTextEditor';

function Stateful(props: Omit<RichTextEditorProps, 'onChange'>) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ padding: 24, maxWidth: 640 }}>
      <RichTextEditor {...props} value={value} onChange={setValue} />
      <details>
        <summary>HTML</summary>
        <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{value}</pre>
      </details>
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/Rich-text editor', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const Empty: Story = { args: { label: 'Message', value: '' } };
export const Formatted: Story = {
  args: {
    label: 'Announcement',
    value:
      '<h2 style="text-align: center">Planned maintenance</h2><h3>Saturday 02:00–04:00</h3><p>The appliance <strong>restarts</strong> once; <em>VPN</em> users reconnect. <s>No action</s> See <a href="https://example.com/status">the status page</a> or call <a href="tel:+41441234567">support</a>.</p>',
  },
};
export const UnsafeInputSanitised: Story = {
  args: {
    label: 'Pasted content',
    value: '<p>Click <a href="javascript:alert(1)">here</a><script>alert(1)</script></p>',
  },
};
export const Disabled: Story = {
  args: { label: 'Message', value: '<p>Read only text.</p>', disabled: true },
};

/** §8 a link without selected text asks the user to select text. */
export const LinkWithoutSelection: Story = {
  args: { label: 'Message', value: '<p>Nothing selected here.</p>' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Link' }));
  },
};
