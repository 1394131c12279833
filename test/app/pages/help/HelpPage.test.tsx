/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HELP_PAGES, searchHelp } from '../../../../src/app/pages/help/pages';
import { HelpScreen } from '../../../../src/app/pages/help/HelpPage';
import { ShopScreen } from '../../../../src/app/pages/help/ShopPage';
import { seriousViolations } from '../../../widgets/support/axe';
import { renderPage } from '../network/support';

describe('help', () => {
  test('one page per console area, titled from its markdown', () => {
    expect(HELP_PAGES.map((p) => p.id)).toEqual(
      expect.arrayContaining(['home', 'network', 'logs', 'updates', 'settings', 'dns', 'ssh', 'shop']),
    );
    for (const p of HELP_PAGES) expect(p.title).not.toBe(p.id);
  });

  test.each([
    ['', HELP_PAGES.length],
    ['MAC addresses and byte counters', 1],
    ['TOP talkers', 1],
    ['no such words anywhere', 0],
  ])('search %j finds %d pages', (query, count) => {
    expect(searchHelp(HELP_PAGES, query)).toHaveLength(count);
  });

  test('searching as you type narrows the pages and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { view } = renderPage(<HelpScreen />, { path: '/help#network' });
    expect(screen.getAllByRole('article')).toHaveLength(HELP_PAGES.length);
    expect(
      within(screen.getByRole('navigation', { name: 'Help pages' })).getByRole('link', {
        name: 'API reference',
      }),
    ).toHaveAttribute('href', '/help/api');
    const box = screen.getByRole('searchbox', { name: 'Search the help' });
    await user.type(box, 'retention');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Network']);
    expect(screen.getByRole('status')).toHaveTextContent(`1 of ${HELP_PAGES.length} pages match.`);
    await user.type(box, ' zebra');
    expect(screen.getByRole('note')).toHaveTextContent('No help page mentions');
    expect(await seriousViolations(view.container)).toEqual([]);
  });

  test('renders the markdown as HTML once the renderer has loaded', async () => {
    renderPage(<HelpScreen />);
    expect(await screen.findByRole('heading', { name: 'Network', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Analytics', level: 2 })).toBeInTheDocument();
  });

  test('the shop says what it is for and offers nothing', () => {
    renderPage(<ShopScreen />);
    expect(screen.getByRole('note')).toHaveTextContent('sells nothing');
    expect(screen.getByRole('link', { name: 'Help: shop' })).toHaveAttribute('href', '/help#shop');
  });
});
