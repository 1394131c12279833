/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The shared list kit as an admin meets it on a dialog-heavy page (dynamic DNS): row actions are drawn with the
 * console's SVG icon set (never emoji, which some systems show as empty boxes) and keep their accessible names;
 * the edit dialog opens with the first field focused and Escape hands focus back to the row's button.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DynamicPage } from '../../../../src/app/pages/dns/DynamicPage';
import { fakeApi } from '../../../sagas/fakes';
import { dynamicDns, resourcesState } from '../../../../stories/pages/fixtures';
import { renderPage } from './renderPage';

// Pictographs, dingbats, arrows and the other symbol blocks emoji and glyph icons come from.
const GLYPH = /[\u2190-\u21ff\u2300-\u23ff\u2460-\u27bf\u2b00-\u2bff\u00d7\u{1f000}-\u{1faff}]|\ufe0f/u;

function setup() {
  const { api } = fakeApi({ 'GET /api/dns/dynamic': () => dynamicDns });
  return renderPage(<DynamicPage />, {
    api,
    path: '/dns/dynamic',
    state: resourcesState({ 'dns/dynamic': dynamicDns }),
  });
}

test('row action buttons carry a named SVG icon and no emoji or glyph text', () => {
  setup();
  const row = screen.getByRole('rowheader', { name: 'home.example.net' }).closest('tr')!;
  const buttons = within(row).getAllByRole('button');
  expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
    'Update now home.example.net',
    'Edit home.example.net',
    'Delete home.example.net',
  ]);
  for (const button of buttons) {
    expect(button.textContent).not.toMatch(GLYPH);
    const icon = button.querySelector('svg');
    expect(icon).not.toBeNull();
    expect(icon).toHaveAttribute('aria-hidden', 'true');
  }
});

test('the edit dialog opens on its first field; Escape closes it and focus returns to the Edit button', async () => {
  setup();
  const user = userEvent.setup();
  const edit = screen.getByRole('button', { name: 'Edit home.example.net' });
  await user.click(edit);
  const dialog = screen.getByRole('dialog', { name: 'Edit account' });
  expect(within(dialog).getByRole('combobox', { name: /Provider/ })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Edit account' })).toBeNull();
  expect(edit).toHaveFocus();
});
