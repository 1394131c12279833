/** @jest-environment ./test/support/jsdom-environment.js */
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { PageHeader, tabLabel, type PageHeaderProps } from '../../src/widgets/PageHeader';
import { seriousViolations } from './support/axe';

const renderHeader = (props: PageHeaderProps) =>
  render(
    <MemoryRouter>
      <PageHeader {...props} />
    </MemoryRouter>,
  );

describe('PageHeader', () => {
  it('shows title, badge, subtitle with back link, description and notice', async () => {
    const { container } = renderHeader({
      title: 'Certificates',
      badge: { label: 'Expiring', color: 'orange' },
      subtitle: 'PKI',
      backLink: { to: '/system', label: 'Back to system' },
      actionDescription: 'Create or import certificates.',
      statusNotice: { text: '2 certificates expire this week.', level: 'warning' },
      primaryButton: { label: 'Create', onClick: () => {} },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Certificates Expiring' })).toBeInTheDocument();
    expect(screen.getByText('Expiring')).toHaveClass('page-header__badge--orange');
    expect(screen.getByRole('link', { name: /Back to system/ })).toHaveAttribute('href', '/system');
    expect(screen.getByText('PKI')).toBeInTheDocument();
    // A state in its own words, not read as an error or a warning of the page.
    expect(screen.getByRole('status')).toHaveTextContent(/^2 certificates expire this week\.$/);
    expect(screen.getByRole('status')).toHaveClass('page-header__notice--warning');
    expect(screen.getByRole('button', { name: 'Create' })).toHaveAccessibleDescription(
      'Create or import certificates.',
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('badge defaults to grey', () => {
    renderHeader({ title: 'Users', badge: { label: 'Local' } });
    expect(screen.getByText('Local')).toHaveClass('page-header__badge--grey');
  });

  it('buttons, filter buttons, select and search report to the page', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    function Page() {
      const [query, setQuery] = useState('');
      const [view, setView] = useState('all');
      return (
        <PageHeader
          title="Users"
          primaryButton={{ label: 'Add user', onClick: () => calls.push('primary') }}
          secondaryButton={{ label: 'Import', onClick: () => calls.push('secondary') }}
          settingsButton={{ label: 'Settings', onClick: () => calls.push('settings') }}
          filterButtons={[
            { label: 'Customize columns', onClick: () => calls.push('columns') },
            { label: 'Customize filters', onClick: () => calls.push('filters'), pressed: true, count: 2 },
          ]}
          select={{
            label: 'View',
            value: view,
            onChange: setView,
            options: [
              { name: 'All', value: 'all' },
              { name: 'Locked', value: 'locked' },
            ],
          }}
          search={{ label: 'Search users', value: query, onChange: setQuery }}
        />
      );
    }
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Customize columns' }));
    const filters = screen.getByRole('button', { name: 'Customize filters (2)' });
    expect(filters).toHaveAttribute('aria-pressed', 'true');
    filters.focus();
    await user.keyboard(' ');
    expect(calls).toEqual(['primary', 'secondary', 'settings', 'columns', 'filters']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'View' }), 'locked');
    expect(screen.getByRole('combobox', { name: 'View' })).toHaveValue('locked');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ann');
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('ann');
  });

  it('filter tabs show counts in brackets and move with arrow keys', async () => {
    const user = userEvent.setup();
    function Page() {
      const [active, setActive] = useState('all');
      return (
        <PageHeader
          title="Certificates"
          tabs={{
            label: 'Certificate state',
            activeId: active,
            onChange: setActive,
            items: [
              { id: 'all', name: 'All', count: 12 },
              { id: 'valid', name: 'Valid', count: 9 },
              { id: 'revoked', name: 'Revoked' },
            ],
          }}
        />
      );
    }
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    const tablist = screen.getByRole('tablist', { name: 'Certificate state' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All (12)', 'Valid (9)', 'Revoked']);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'All (12)' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Valid (9)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Valid (9)' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Revoked' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All (12)' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Revoked' }));
    expect(screen.getByRole('tab', { name: 'Revoked' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'All (12)' })).toHaveAttribute('tabindex', '-1');
  });

  it.each([
    [{ id: 'a', name: 'All' }, 'All'],
    [{ id: 'a', name: 'All', count: 0 }, 'All (0)'],
  ])('tabLabel(%p) = %p', (tab, label) => {
    expect(tabLabel(tab)).toBe(label);
  });
});
