/** @jest-environment jsdom */
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageInput, NOT_AN_IMAGE, IMAGE_MAX_SIZE } from '../../src/widgets/ImageInput';
import { expectNoSeriousA11yViolations } from './support/a11y';

function Harness({
  scale,
  onUrl,
}: {
  scale: (f: Blob, o: { maxWidth?: number; maxHeight?: number }) => Promise<string>;
  onUrl?: (u: string | null) => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <ImageInput
      label="Logo"
      value={value}
      scale={scale}
      onChange={(u) => {
        setValue(u);
        onUrl?.(u);
      }}
    />
  );
}

const png = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
const text = new File(['hello'], 'readme.txt', { type: 'text/plain' });

describe('ImageInput', () => {
  it('refuses anything but an image with "Please select an image."', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const scale = jest.fn();
    render(<Harness scale={scale} />);
    await user.upload(screen.getByLabelText(/Logo/), text);
    expect(screen.getByRole('alert')).toHaveTextContent(NOT_AN_IMAGE);
    expect(scale).not.toHaveBeenCalled();
  });

  it('scales the image to at most 1000×1000 by default and shows a preview', async () => {
    const user = userEvent.setup();
    const onUrl = jest.fn();
    const scale = jest.fn().mockResolvedValue('data:image/png;base64,AAAA');
    render(<Harness scale={scale} onUrl={onUrl} />);
    await user.upload(screen.getByLabelText(/Logo/), png);
    expect(scale).toHaveBeenCalledWith(png, { maxWidth: IMAGE_MAX_SIZE, maxHeight: IMAGE_MAX_SIZE });
    expect(IMAGE_MAX_SIZE).toBe(1000);
    expect(await screen.findByRole('img', { name: 'Logo preview' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(onUrl).toHaveBeenLastCalledWith('data:image/png;base64,AAAA');
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(onUrl).toHaveBeenLastCalledWith(null);
  });

  it('reports an image that cannot be decoded', async () => {
    const user = userEvent.setup();
    const scale = jest.fn().mockRejectedValue(new Error('This image could not be read.'));
    render(<Harness scale={scale} />);
    await user.upload(screen.getByLabelText(/Logo/), png);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This image could not be read.'));
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(<Harness scale={jest.fn()} />);
    await expectNoSeriousA11yViolations(container);
  });
});
