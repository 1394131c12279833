/** @jest-environment ./test/support/jsdom-environment.js */
import { fallbackMenu } from '../../../src/shared/menu';
import {
  actionEntries,
  matches,
  pageEntries,
  paletteResults,
  readRecent,
  RECENT_KEY,
  RECENT_LIMIT,
  rememberRecent,
} from '../../../src/app/palette/entries';

const paths = (list: Array<{ to?: string }>) => list.map((e) => e.to);

describe('pages the session may open', () => {
  test('an admin gets every menu page, then the pages outside the menu, each once', () => {
    const pages = pageEntries(fallbackMenu, { loggedIn: true, viewer: { role: 'admin' } });
    expect(paths(pages)).toContain('/dns/proxy');
    expect(paths(pages)).toContain('/system/certificates');
    expect(paths(pages).slice(-4)).toEqual(['/', '/help', '/messaging/agreements', '/shop']);
    expect(new Set(paths(pages)).size).toBe(pages.length);
    expect(pages.find((p) => p.to === '/network/preferences')).toMatchObject({
      id: 'page:/network/preferences',
      name: 'Preferences',
      group: 'Network',
    });
  });

  test('a user gets the pages of the areas their groups grant, never an admin-only page; anonymous only the overview', () => {
    const user = paths(
      pageEntries(fallbackMenu, {
        loggedIn: true,
        viewer: { role: 'user', privileges: { dns: 'read', network: 'write' } },
      }),
    );
    expect(user).toEqual(expect.arrayContaining(['/dns/proxy', '/dns/queries', '/network/preferences', '/']));
    // No privilege in SSH, logs or PKI: those pages would answer "no access", so the palette does not offer them.
    expect(user.filter((p) => /^\/(ssh|logs|system\/certificates)/.test(p as string))).toEqual([]);
    // Administrators' pages (backups, alerts, forwarding) stay out whatever the groups grant.
    expect(user).not.toContain('/system/backups');
    // The history shows each account its own areas: any signed-in account may open it.
    expect(user).toContain('/system/history');
    const bare = paths(pageEntries(fallbackMenu, { loggedIn: true, viewer: { role: 'user' } }));
    expect(bare.filter((p) => /^\/(dns|ssh|network\/preferences|authentication)/.test(p as string))).toEqual(
      [],
    );
    expect(paths(pageEntries(fallbackMenu, { loggedIn: false }))).toEqual(['/network/overview']);
  });
});

describe('search and order', () => {
  const run = jest.fn();
  const entries = [
    ...actionEntries([{ id: 'dns.apply', name: 'Apply configuration', keywords: 'unbound', run }]),
    ...pageEntries(fallbackMenu, { loggedIn: true, viewer: { role: 'admin' } }),
  ];

  test('every word must match the name, group, keywords or path, ignoring case and accents', () => {
    const dns = entries.find((e) => e.to === '/dns/proxy')!;
    expect(matches(dns, 'dns prox')).toBe(true);
    expect(matches(dns, 'PROXY')).toBe(true);
    expect(matches(dns, 'dns ssh')).toBe(false);
    expect(matches(entries[0], 'unbound')).toBe(true);
    expect(
      matches(
        entries.find((e) => e.to === '/help')!,
        'hélp',
      ),
    ).toBe(true);
  });

  test('recent entries come first (most recent first), then the page actions, then the pages', () => {
    const r = paletteResults(entries, '', ['page:/ssh/config', 'page:/gone', 'page:/dns/proxy']);
    expect(paths(r.recent)).toEqual(['/ssh/config', '/dns/proxy']);
    expect(r.actions.map((a) => a.name)).toEqual(['Apply configuration']);
    expect(paths(r.pages)).not.toContain('/ssh/config');
    expect(r.pages[0].to).toBe('/system/certificates');
    const q = paletteResults(entries, 'config', ['page:/ssh/config']);
    expect(paths(q.recent)).toEqual(['/ssh/config']);
    expect(q.actions).toHaveLength(1);
  });
});

describe('recent list in local storage', () => {
  beforeEach(() => localStorage.clear());

  test('remembers the last choices, most recent first, without duplicates, up to the limit', () => {
    for (const id of ['a', 'b', 'c', 'a', 'd', 'e', 'f']) rememberRecent(`page:/${id}`);
    expect(readRecent()).toEqual(['page:/f', 'page:/e', 'page:/d', 'page:/a', 'page:/c']);
    expect(readRecent()).toHaveLength(RECENT_LIMIT);
  });

  test('a corrupt or foreign value reads as empty instead of breaking the palette', () => {
    localStorage.setItem(RECENT_KEY, '{not json');
    expect(readRecent()).toEqual([]);
    localStorage.setItem(RECENT_KEY, JSON.stringify([1, 'page:/help', null]));
    expect(readRecent()).toEqual(['page:/help']);
  });
});
