/**
 * Server fragments: a kept part gives the same HTML as rendering it, is kept per address and per content of the
 * slices it declares, never keeps a response's nonce, and fails loudly where its reuse could not be exact.
 */
import { configureStore } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { FragmentRenderContext, ServerFragment } from '../../src/app/serverFragments';
import { useAppSelector } from '../../src/store/createStore';
import { FragmentCache } from '../../src/server/fragmentCache';

interface Slices {
  menu: { items: string[] };
  session: { user: string | null };
  layout: { theme: string };
}

function Greeting() {
  const user = useAppSelector((s) => (s as unknown as Slices).session.user);
  return <p className="greeting">Hello {user ?? 'stranger'}</p>;
}

function Items({ extra }: { extra?: string }) {
  const items = useAppSelector((s) => (s as unknown as Slices).menu.items);
  return (
    <ul>
      {items.map((i) => (
        <li key={i}>{i}</li>
      ))}
      {extra && <li>{extra}</li>}
    </ul>
  );
}

function page(state: Slices, tree: ReactNode, path = '/a') {
  const store = configureStore({ reducer: (s: Slices = state) => s });
  return (
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <div>
          <header>top</header>
          {tree}
        </div>
      </MemoryRouter>
    </Provider>
  );
}

/** Renders with the cache (when given) the way the server does: slots, then `finish`. */
function render(cache: FragmentCache | null, element: ReactNode, nonces: string[] = []) {
  const pass = cache?.begin();
  const html = renderToString(
    <FragmentRenderContext.Provider value={pass ?? null}>{element}</FragmentRenderContext.Provider>,
  );
  return pass ? pass.finish(html, nonces) : html;
}

const base: Slices = { menu: { items: ['a', 'b'] }, session: { user: 'ann' }, layout: { theme: 'dark' } };
const fragment = (extra?: string) => (
  <>
    <ServerFragment name="greeting" slices={['session']}>
      <Greeting />
    </ServerFragment>
    <ServerFragment name="items" slices={['menu']}>
      <Items extra={extra} />
    </ServerFragment>
  </>
);

describe('server fragments', () => {
  it('give the HTML of a plain render, first rendered and then kept', () => {
    const cache = new FragmentCache();
    const plain = render(null, page(base, fragment()));
    expect(plain).toContain('<p class="greeting">Hello <!-- -->ann</p>');
    expect(render(cache, page(base, fragment()))).toBe(plain);
    expect(cache.size).toBe(2);
    expect(render(cache, page(base, fragment()))).toBe(plain);
    expect(cache.size).toBe(2);
  });

  it('are kept per content of the declared slices and per address', () => {
    const cache = new FragmentCache();
    render(cache, page(base, fragment()));
    const other = { ...base, session: { user: 'bob' }, menu: { items: ['a', 'c'] } };
    const html = render(cache, page(other, fragment()));
    expect(html).toBe(render(null, page(other, fragment())));
    expect(html).toContain('bob');
    expect(html).not.toContain('ann');
    expect(html).toContain('<li>c</li>');
    // An undeclared slice changing keeps the part; another address does not.
    render(cache, page({ ...base, layout: { theme: 'light' } }, fragment()));
    expect(cache.size).toBe(4);
    render(cache, page(base, fragment(), '/b'));
    expect(cache.size).toBe(6);
  });

  it('leave no marker in the page and disabled render everything', () => {
    const cache = new FragmentCache();
    render(cache, page(base, fragment()));
    cache.enabled = false;
    const html = render(cache, page(base, fragment('only now')));
    expect(html).toContain('<li>only now</li>');
    expect(html).toBe(render(null, page(base, fragment('only now'))));
    expect(html).not.toMatch(/f[0-9a-f]{24}[hse]\d+_/);
  });

  it('never keep a part that holds a response nonce', () => {
    const cache = new FragmentCache();
    const withNonce = { ...base, session: { user: 'n0nce' } };
    render(cache, page(withNonce, fragment()), ['n0nce']);
    expect(cache.size).toBe(1); // the items only
  });

  it('render each time a part holding an image, whose preload React announces outside it', () => {
    const cache = new FragmentCache();
    const pictured = (
      <ServerFragment name="logo" slices={['session']}>
        <p>
          <img src="/logo.svg" alt="" />
        </p>
      </ServerFragment>
    );
    const plain = render(null, page(base, pictured));
    expect(plain).toContain('<link rel="preload" as="image" href="/logo.svg"/>');
    for (let i = 0; i < 2; i++) expect(render(cache, page(base, pictured))).toBe(plain);
    expect(cache.size).toBe(0);
  });

  it('fail a part that reads a slice it did not declare', () => {
    const wrong = (
      <ServerFragment name="wrong" slices={['menu']}>
        <Greeting />
      </ServerFragment>
    );
    expect(() => render(new FragmentCache(), page(base, wrong))).toThrow(TypeError);
    expect(render(null, page(base, wrong))).toContain('Hello');
  });

  it('refuse a part next to text, where React would separate the texts differently', () => {
    const cache = new FragmentCache();
    const after = (
      <p>
        text
        <ServerFragment name="greeting" slices={['session']}>
          <Greeting />
        </ServerFragment>
      </p>
    );
    expect(() => render(cache, page(base, after))).toThrow(/next to text/);
    const before = (
      <p>
        <ServerFragment name="greeting" slices={['session']}>
          <Greeting />
        </ServerFragment>
        text
      </p>
    );
    expect(() => render(cache, page(base, before))).toThrow(/next to text/);
    const loose = (
      <ServerFragment name="loose" slices={['session']}>
        plain text
      </ServerFragment>
    );
    expect(() => render(cache, page(base, loose))).toThrow(/next to text/);
    expect(cache.size).toBe(0);
  });
});
