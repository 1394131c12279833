import { dataUrlToBlob } from '../../sagas/layoutSettings.saga';

describe('image data URLs become the bytes the appliance expects', () => {
  it('decodes a base64 PNG with its type', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const blob = dataUrlToBlob(`data:image/png;base64,${png.toString('base64')}`);
    expect(blob.type).toBe('image/png');
    expect(Buffer.from(await blob.arrayBuffer())).toEqual(png);
  });

  it('decodes a percent-encoded data URL', async () => {
    const blob = dataUrlToBlob('data:image/jpeg,%FF%D8%FF');
    expect(blob.type).toBe('image/jpeg');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('refuses anything that is not a data URL', () => {
    expect(() => dataUrlToBlob('/api/config/login_logo?v=1')).toThrow('not a data URL');
  });
});
