/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { CustomImage } from '../../src/widgets/CustomImage';
import { expectNoSeriousA11yViolations } from './support/a11y';

describe('CustomImage', () => {
  it('shows the image while it loads, and the failed-image icon in its place once it fails', async () => {
    const { container, rerender } = render(
      <CustomImage src="/api/config/bar_logo" alt="" label="Bar logo" width={28} height={28} />,
    );
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/api/config/bar_logo');
    expect(screen.queryByRole('img', { name: /could not be loaded/ })).toBeNull();

    fireEvent.error(img);
    const icon = screen.getByRole('img', { name: 'Bar logo could not be loaded' });
    expect(icon).toHaveAttribute('title', 'Bar logo could not be loaded');
    expect(icon.querySelector('.failed-image__warning')).not.toBeNull();
    expect(icon.querySelector('.failed-image__picture')).not.toBeNull();
    expect(container.querySelector('img')).toBeNull();
    await expectNoSeriousA11yViolations(container);

    // A new image (a new upload) is tried again.
    rerender(<CustomImage src="/api/config/bar_logo?v=2" alt="" label="Bar logo" width={28} height={28} />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/config/bar_logo?v=2');
  });
});
