/**
 * The browser start-up's steps: the lazy routes of the location, each resolved on its own (so each chunk's module
 * runs in a task of its own), and the yield between steps.
 */
import type { RouteObject } from 'react-router';
import { lazyMatches, resolveLazyMatches } from '../../src/runtime/hydrateLazy';
import { nextTask } from '../../src/runtime/nextTask';

function tree(loaded: string[]): RouteObject[] {
  const lazy = (name: string) => async () => {
    loaded.push(name);
    return { handle: { name } };
  };
  return [
    {
      path: '/',
      lazy: lazy('layout'),
      children: [
        { path: 'users', lazy: lazy('users') },
        { path: 'groups', lazy: lazy('groups') },
      ],
    },
  ];
}

describe('lazyMatches', () => {
  it('gives one loader per lazy route of the location, outermost first, and loads nothing until called', async () => {
    const loaded: string[] = [];
    const routes = tree(loaded);
    const loads = lazyMatches(routes, '/users');
    expect(loads).toHaveLength(2);
    expect(loaded).toEqual([]);
    for (const load of loads) await load();
    expect(loaded).toEqual(['layout', 'users']);
    // The modules are on the routes and the routes are no longer lazy (the router would load them again).
    expect(routes[0]).toMatchObject({ handle: { name: 'layout' } });
    expect(routes[0].lazy).toBeUndefined();
    expect(routes[0].children?.[0]).toMatchObject({ handle: { name: 'users' } });
    expect(routes[0].children?.[1].lazy).toBeInstanceOf(Function);
  });

  it('resolves nothing for a location no route matches', async () => {
    const loaded: string[] = [];
    await resolveLazyMatches(tree(loaded), '/nowhere/else');
    expect(loaded).toEqual([]);
  });
});

describe('nextTask', () => {
  it('resumes after the work already queued as tasks, not in the same task', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    void Promise.resolve().then(() => order.push('microtask'));
    await nextTask();
    order.push('after the yield');
    expect(order).toEqual(['microtask', 'queued task', 'after the yield']);
  });
});

describe('forgetFailedScripts', () => {
  it('removes a script tag whose load failed, so a later load of that chunk adds a fresh tag', async () => {
    const { JSDOM } = await import('jsdom');
    const { forgetFailedScripts } = await import('../../src/runtime/failedScripts');
    const { document } = new JSDOM(
      '<html><head><script defer src="/assets/js/main.js"></script><script defer src="/assets/js/area-dns.js"></script></head></html>',
    ).window;
    forgetFailedScripts(document);
    const [main, chunk] = Array.from(document.querySelectorAll('script'));
    chunk.dispatchEvent(new document.defaultView!.Event('error'));
    expect(Array.from(document.querySelectorAll('script')).map((s) => s.getAttribute('src'))).toEqual([
      '/assets/js/main.js',
    ]);
    expect(main.isConnected).toBe(true);
  });
});
