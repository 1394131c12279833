import { RenderCache } from '../../src/server/renderCache';

describe('render cache', () => {
  test('a hit carries the new response nonces, never the cached ones', () => {
    const now = 0;
    const cache = new RenderCache(1000, 10, () => now);
    const p = RenderCache.placeholders();
    const kept = cache.keep(
      'k',
      {
        status: 200,
        html: `<script nonce="${p.scriptNonce}"></script><style nonce="${p.styleNonce}"></style>`,
        ...p,
      },
      { script: 'first', style: 'first-style' },
    );
    expect(kept.html.toString()).toBe('<script nonce="first"></script><style nonce="first-style"></style>');
    const hit = cache.get('k', { script: 'aaa', style: 'bbb' });
    expect(hit?.html.toString()).toBe('<script nonce="aaa"></script><style nonce="bbb"></style>');
    expect(hit?.html.toString()).not.toContain(p.scriptNonce);
  });

  test('every placeholder is replaced, in any order and at either end of the page', () => {
    const cache = new RenderCache(1000, 10);
    const p = RenderCache.placeholders();
    const html = `${p.scriptNonce}|${p.styleNonce}${p.scriptNonce}|x${p.styleNonce}|${p.scriptNonce}`;
    const page = cache.keep('k', { status: 404, html, ...p }, { script: 'S', style: 'T' });
    expect(page.status).toBe(404);
    expect(page.html.toString()).toBe('S|TS|xT|S');
    expect(cache.get('k', { script: '1', style: '2' })?.html.toString()).toBe('1|21|x2|1');
  });

  test('entries expire after the TTL', () => {
    let now = 0;
    const cache = new RenderCache(1000, 10, () => now);
    cache.keep('k', { status: 200, html: 'x', ...RenderCache.placeholders() }, { script: '', style: '' });
    now = 999;
    expect(cache.get('k', { script: '', style: '' })).not.toBeNull();
    now = 1000;
    expect(cache.get('k', { script: '', style: '' })).toBeNull();
  });

  test('the cache is bounded', () => {
    const cache = new RenderCache(1000, 2);
    for (const k of ['a', 'b', 'c'])
      cache.keep(k, { status: 200, html: k, ...RenderCache.placeholders() }, { script: '', style: '' });
    expect(cache.get('a', { script: '', style: '' })).toBeNull();
    expect(cache.get('c', { script: '', style: '' })?.html.toString()).toBe('c');
  });
});

test('a page with text beyond ASCII keeps every byte around the nonces', () => {
  const cache = new RenderCache(1000, 10);
  const p = RenderCache.placeholders();
  const html = `<title>Zürich — 東京</title><script nonce="${p.scriptNonce}">é</script><style nonce="${p.styleNonce}"></style>`;
  cache.keep('k', { status: 200, html, ...p }, { script: 'n1', style: 'n2' });
  expect(cache.get('k', { script: 'n3', style: 'n4' })?.html.toString('utf8')).toBe(
    '<title>Zürich — 東京</title><script nonce="n3">é</script><style nonce="n4"></style>',
  );
});

test('nonces as long as the placeholders are written over a copy of the page, never into the kept page', () => {
  const cache = new RenderCache(1000, 10);
  const p = RenderCache.placeholders();
  const html = `<script nonce="${p.scriptNonce}"></script><style nonce="${p.styleNonce}"></style>`;
  const same = (c: string) => c.repeat(p.scriptNonce.length);
  cache.keep('k', { status: 200, html, ...p }, { script: same('a'), style: same('b') });
  const first = cache.get('k', { script: same('c'), style: same('d') });
  const second = cache.get('k', { script: same('e'), style: same('f') });
  expect(first?.html.toString()).toBe(
    `<script nonce="${same('c')}"></script><style nonce="${same('d')}"></style>`,
  );
  expect(second?.html.toString()).toBe(
    `<script nonce="${same('e')}"></script><style nonce="${same('f')}"></style>`,
  );
});
