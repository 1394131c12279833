/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import { ConfirmationModal, type ConfirmationModalProps } from '../../src/widgets/ConfirmationModal';
import { Modal, ModalFormActions, MODAL_HEIGHT_OFFSET_PX } from '../../src/widgets/Modal';
import { StickyErrorModal, STICKY_ERROR_MODAL_WIDTH_PX } from '../../src/widgets/StickyErrorModal';
import { seriousViolations } from '../notifications/a11y';

function ModalHarness({ closable = true }: { closable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        title="Edit host"
        closable={closable}
        onClose={() => setOpen(false)}
        footer={
          <button type="button" onClick={() => setOpen(false)}>
            Save
          </button>
        }
      >
        <label>
          Name <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is at most the window height minus 100, and follows resizes', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit host' });
    expect(dialog.style.maxHeight).toBe(`${window.innerHeight - MODAL_HEIGHT_OFFSET_PX}px`);
    act(() => {
      window.innerHeight = 500;
      window.dispatchEvent(new Event('resize'));
    });
    expect(dialog.style.maxHeight).toBe('400px');
  });

  it('opens with focus in its first field, so what the user types first is not lost', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    await user.keyboard('gateway');
    expect(name).toHaveValue('gateway');
  });

  it('without fields, opens with focus on its primary action, else on the dialog itself', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <Modal
        open
        title="Certificate"
        footer={
          <>
            <button type="button" className="button">
              Cancel
            </button>
            <button type="button" className="button button--primary">
              Download
            </button>
          </>
        }
      >
        <p>Valid until 2030.</p>
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'Download' })).toHaveFocus();
    rerender(<Modal open={false} title="Certificate" />);
    rerender(
      <Modal open title="About">
        <p>Version 1.</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'About' })).toHaveFocus();
    await user.keyboard('{Escape}');
  });

  it('sits on a dimmed backdrop that covers the page', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const backdrop = screen.getByRole('dialog', { name: 'Edit host' }).parentElement;
    expect(backdrop).toHaveClass('modal-backdrop');
    // The stylesheet dims the whole window behind the dialog, in both themes.
    const css = readFileSync(join(__dirname, '../../src/widgets/Modal/modal.css'), 'utf8');
    const rule = /\.modal-backdrop \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/position: fixed;/);
    expect(rule).toMatch(/inset: 0;/);
    expect(rule).toMatch(/background: light-dark\(rgb\(\d+ \d+ \d+ \/ \d+%\), rgb\(\d+ \d+ \d+ \/ \d+%\)\)/);
  });

  it('traps focus, closes with Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus(); // wrapped around
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus(); // and back
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('a non-closable modal ignores Escape and has no close button', async () => {
    const user = userEvent.setup();
    render(<ModalHarness closable={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});

describe('ConfirmationModal', () => {
  const renderConfirm = (props: Partial<ConfirmationModalProps> = {}) => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(
      <ConfirmationModal
        open
        title="Delete user"
        message="Delete ann?"
        onConfirm={onConfirm}
        onCancel={onCancel}
        {...props}
      />,
    );
    return { onConfirm, onCancel, user: userEvent.setup() };
  };

  it('asks Yes or No, No has focus, Escape is No', async () => {
    const { onConfirm, onCancel, user } = renderConfirm();
    const dialog = screen.getByRole('alertdialog', { name: 'Delete user' });
    expect(dialog).toHaveAccessibleDescription('Delete ann?');
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledWith({});
  });

  it('hands back the optional checkbox', async () => {
    const { onConfirm, user } = renderConfirm({ checkbox: { label: 'Also delete the home folder' } });
    await user.click(screen.getByRole('checkbox', { name: 'Also delete the home folder' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledWith({ checked: true });
  });

  it('hands back the chosen option', async () => {
    const { onConfirm, user } = renderConfirm({
      select: {
        label: 'Reason',
        options: [
          { name: 'Left the company', value: 'left' },
          { name: 'Duplicate', value: 'dup' },
        ],
      },
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'dup');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledWith({ option: 'dup' });
  });

  it('disables both answers while busy', () => {
    renderConfirm({ busy: true });
    expect(screen.getByRole('button', { name: 'Yes' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'No' })).toBeDisabled();
  });

  it('has no serious accessibility violations', async () => {
    renderConfirm({
      checkbox: { label: 'Also delete keys' },
      select: { label: 'Reason', options: [{ name: 'A', value: 'a' }] },
    });
    expect(await seriousViolations(document.body)).toEqual([]);
  });
});

describe('StickyErrorModal', () => {
  it(`is ${STICKY_ERROR_MODAL_WIDTH_PX} px wide and only OK closes it`, async () => {
    const onConfirm = jest.fn();
    const user = userEvent.setup();
    render(
      <StickyErrorModal open title="Certificate expired" message="Renew it first." onConfirm={onConfirm} />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Certificate expired' });
    expect(dialog.style.width).toBe('530px');
    await user.keyboard('{Escape}');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(await seriousViolations(document.body)).toEqual([]);
  });
});

test('ConfirmationModal starts from its defaults each time it opens', async () => {
  const user = userEvent.setup();
  const props = {
    title: 'Delete',
    message: 'Sure?',
    onConfirm: jest.fn(),
    onCancel: jest.fn(),
    checkbox: { label: 'Also keys' },
  };
  const { rerender } = render(<ConfirmationModal open {...props} />);
  await user.click(screen.getByRole('checkbox', { name: 'Also keys' }));
  rerender(<ConfirmationModal open={false} {...props} />);
  expect(screen.queryByRole('alertdialog')).toBeNull();
  rerender(<ConfirmationModal open {...props} />);
  expect(screen.getByRole('checkbox', { name: 'Also keys' })).not.toBeChecked();
});

describe('ModalFormActions', () => {
  function FormDialog({ pending = false, onSubmit = jest.fn(), onCancel = jest.fn() }) {
    return (
      <Modal
        open
        title="Add upstream"
        onClose={onCancel}
        footer={
          <ModalFormActions formId="upstream" submitLabel="Add" pending={pending} onCancel={onCancel} />
        }
      >
        <form
          id="upstream"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <label>
            Address <input name="address" />
          </label>
        </form>
      </Modal>
    );
  }

  it('submits the form the footer stands outside of, and Cancel cancels', async () => {
    const onSubmit = jest.fn();
    const onCancel = jest.fn();
    render(<FormDialog onSubmit={onSubmit} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('waits while the form is sent: neither button acts', () => {
    render(<FormDialog pending />);
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
