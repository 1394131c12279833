/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * Bundle budgets are absolute: a figure over its budget fails, a held figure fails only past its hold, and the
 * baseline update never records a budgeted figure (so sizes are never re-recorded upwards). Every page of the route
 * table has a budget row.
 */
import { protectedRoutes } from '../../src/app/routes';
import { ROUTE_BUDGETS } from '../bench/budgets';
import { judgeBudget, updatedBaseline, type Baseline } from '../bench/compare';
import type { Figure } from '../bench/report';

const size = (value: number, budget: number, heldAt?: number): Figure => ({
  id: 'bundle./dns/proxy.initial-js-br',
  value,
  unit: 'bytes',
  better: 'lower',
  ci: true,
  budget,
  ...(heldAt === undefined ? {} : { heldAt }),
});

describe('bundle budgets', () => {
  it('fails a figure one byte over its budget, whatever it was before', () => {
    expect(judgeBudget(size(160 * 1024, 160 * 1024))).toBe('ok');
    expect(judgeBudget(size(160 * 1024 + 1, 160 * 1024))).toBe('OVER');
  });

  it('reports a held figure over budget without failing, and fails it once it grows past its hold', () => {
    expect(judgeBudget(size(170 * 1024, 160 * 1024, 171 * 1024))).toBe('over');
    expect(judgeBudget(size(171 * 1024 + 1, 160 * 1024, 171 * 1024))).toBe('OVER');
    expect(judgeBudget(size(150 * 1024, 160 * 1024, 171 * 1024))).toBe('ok');
  });

  it('never writes a budgeted figure into the baseline, and drops budgeted ones it held', () => {
    const old: Baseline = {
      tolerance: 0.15,
      figures: {
        'bundle./dns/proxy.initial-js-br': { value: 100, unit: 'bytes', better: 'lower', ci: true },
        'ssr.login.req-per-s': { value: 5000, unit: 'req/s', better: 'higher' },
      },
    };
    const timing: Figure = { id: 'ssr.login.req-per-s', value: 6000, unit: 'req/s', better: 'higher' };
    const next = updatedBaseline(old, [size(250 * 1024, 160 * 1024), timing], false);
    expect(next.figures).toEqual({ 'ssr.login.req-per-s': { value: 6000, unit: 'req/s', better: 'higher' } });
  });

  it('has a budget row for every page of the route table', () => {
    const budgeted = new Set(ROUTE_BUDGETS.filter((b) => b.signedIn).map((b) => b.route));
    const pages = protectedRoutes
      .filter((r) => !r.path?.includes(':'))
      .map((r) => (r.index ? '/' : `/${r.path}`));
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.filter((p) => !budgeted.has(p))).toEqual([]);
  });
});
