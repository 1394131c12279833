/** @jest-environment jsdom */
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileChooser } from '../../src/widgets/FileChooser';
import { expectNoSeriousA11yViolations } from './support/a11y';

function Harness({ accept, onFile }: { accept?: string; onFile?: (f: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileChooser
      label="CA certificate"
      accept={accept}
      file={file}
      onChange={(f) => {
        setFile(f);
        onFile?.(f);
      }}
    />
  );
}

const pem = new File(['-----BEGIN CERTIFICATE-----'], 'ca.pem', { type: 'application/x-pem-file' });
const pdf = new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' });

describe('FileChooser', () => {
  it('takes one accepted file and can remove it', async () => {
    const user = userEvent.setup();
    const onFile = jest.fn();
    render(<Harness accept=".pem,.crt" onFile={onFile} />);
    const input = screen.getByLabelText(/CA certificate/);
    expect(input).toHaveAttribute('accept', '.pem,.crt');
    expect(input).not.toHaveAttribute('multiple');
    await user.upload(input, pem);
    expect(onFile).toHaveBeenLastCalledWith(pem);
    expect(screen.getByText('ca.pem')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(onFile).toHaveBeenLastCalledWith(null);
    expect(input).toHaveFocus();
  });

  it('rejects a file outside the accept filter, even when dropped', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onFile = jest.fn();
    const { container } = render(<Harness accept=".pem,.crt" onFile={onFile} />);
    await user.upload(screen.getByLabelText(/CA certificate/), pdf);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This file type is not accepted (accepted: .pem,.crt).',
    );
    const zone = container.querySelector('.file-chooser__zone') as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [pdf] } });
    expect(onFile).not.toHaveBeenCalled();
    fireEvent.drop(zone, { dataTransfer: { files: [pem, pem] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Choose one file only.');
    fireEvent.drop(zone, { dataTransfer: { files: [pem] } });
    expect(onFile).toHaveBeenLastCalledWith(pem);
  });

  it('accepts any file by default', async () => {
    const user = userEvent.setup();
    const onFile = jest.fn();
    render(<Harness onFile={onFile} />);
    await user.upload(screen.getByLabelText(/CA certificate/), pdf);
    expect(onFile).toHaveBeenCalledWith(pdf);
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(<Harness accept=".pem" />);
    await expectNoSeriousA11yViolations(container);
  });
});
