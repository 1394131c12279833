import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Modal, ModalFormActions } from '../../src/widgets/Modal';

const meta: Meta<typeof Modal> = {
  title: 'Widgets/Modal',
  component: Modal,
  args: { open: true, title: 'Edit host', closable: true, onClose: () => {} },
};
export default meta;
type Story = StoryObj<typeof Modal>;

const form = (
  <label>
    Host name <input defaultValue="gateway" />
  </label>
);
const footer = (
  <>
    <button type="button" className="button">
      Cancel
    </button>
    <button type="button" className="button button--primary">
      Save
    </button>
  </>
);

/** Opens with the focus in the host name (its first field): typing at once edits it, never the close button. */
export const Closable: Story = { args: { children: form, footer } };
/** Without fields the focus starts on the primary action (Save), so Enter answers it. */
export const NoFields: Story = {
  args: { title: 'Save the layout?', children: <p>The menu order changes for every admin.</p>, footer },
};
export const NotClosable: Story = {
  args: { closable: false, title: 'You must answer', children: <p>Escape does nothing here.</p>, footer },
};
/** Taller than the window: the body scrolls within window height − 100. */
export const LongContent: Story = {
  args: {
    title: 'Release notes',
    children: Array.from({ length: 60 }, (_v, i) => <p key={i}>Change number {i + 1}.</p>),
    footer,
  },
};
export const Busy: Story = {
  args: { busy: true, closable: false, title: 'Saving…', children: <p>Please wait.</p> },
};
export const Closed: Story = { args: { open: false } };
/** A dialog holding a form: `ModalFormActions` puts Cancel and the form's submit button in the footer. */
export const WithFormActions: Story = {
  args: {
    title: 'Add upstream',
    children: (
      <form id="story-upstream" onSubmit={(e) => e.preventDefault()}>
        <label>
          Address <input defaultValue="9.9.9.9" />
        </label>
      </form>
    ),
    footer: <ModalFormActions formId="story-upstream" submitLabel="Add" onCancel={() => {}} />,
  },
};
