import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { MemoryRouter } from 'react-router';
import { PageHeader, type PageHeaderProps } from '../../src/widgets/PageHeader';

const noop = () => {};

const meta: Meta<typeof PageHeader> = {
  title: 'Widgets/Page header',
  component: PageHeader,
  args: { title: 'Certificates' },
  decorators: [
    (Story) => (
      <MemoryRouter>
        <div style={{ padding: '1.5rem' }}>
          <Story />
        </div>
      </MemoryRouter>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof PageHeader>;

export const TitleOnly: Story = {};
export const BadgeGreen: Story = { args: { badge: { label: 'Active', color: 'green' } } };
export const BadgeGold: Story = { args: { badge: { label: 'Premium', color: 'gold' } } };
export const BadgeOrange: Story = { args: { badge: { label: 'Expiring', color: 'orange' } } };
export const BadgeRed: Story = { args: { badge: { label: 'Revoked', color: 'red' } } };
export const BadgeGreyDefault: Story = { args: { badge: { label: 'Draft' } } };
export const SubtitleWithBackLink: Story = {
  args: {
    title: 'web.example.org',
    subtitle: 'Certificate',
    backLink: { to: '/system/certificates', label: 'Certificates' },
  },
};
export const Buttons: Story = {
  args: {
    primaryButton: { label: 'Create', icon: '+', onClick: noop },
    secondaryButton: { label: 'Import', onClick: noop },
    settingsButton: { label: 'Certificate settings', onClick: noop },
    actionDescription: 'Create a certificate signed by one of your authorities, or import one.',
  },
};
export const DisabledPrimary: Story = {
  args: { primaryButton: { label: 'Apply', onClick: noop, disabled: true } },
};
export const StatusNotices: Story = {
  render: (args) => (
    <>
      {(['info', 'success', 'warning', 'error'] as const).map((level) => (
        <PageHeader
          key={level}
          {...args}
          title={`Notice: ${level}`}
          statusNotice={{ level, text: `A ${level} notice about this page.` }}
        />
      ))}
    </>
  ),
};

function Interactive(props: PageHeaderProps) {
  const [query, setQuery] = useState('');
  const [view, setView] = useState('all');
  const [tab, setTab] = useState('all');
  const [columns, setColumns] = useState(false);
  const [filters, setFilters] = useState(false);
  return (
    <PageHeader
      {...props}
      primaryButton={{ label: 'Create', onClick: noop }}
      filterButtons={[
        { label: 'Customize columns', pressed: columns, onClick: () => setColumns(!columns) },
        {
          label: 'Customize filters',
          pressed: filters,
          count: filters ? 2 : undefined,
          onClick: () => setFilters(!filters),
        },
      ]}
      select={{
        label: 'Authority',
        value: view,
        onChange: setView,
        options: [
          { name: 'All authorities', value: 'all' },
          { name: 'Root CA', value: 'root' },
          { name: 'Issuing CA', value: 'issuing' },
        ],
      }}
      search={{ label: 'Search certificates', value: query, onChange: setQuery }}
      tabs={{
        label: 'Certificate state',
        activeId: tab,
        onChange: setTab,
        items: [
          { id: 'all', name: 'All', count: 42 },
          { id: 'valid', name: 'Valid', count: 37 },
          { id: 'expiring', name: 'Expiring', count: 3 },
          { id: 'revoked', name: 'Revoked', count: 2 },
          { id: 'drafts', name: 'Drafts' },
        ],
      }}
    />
  );
}
export const FullToolbarWithTabs: Story = { render: (args) => <Interactive {...args} /> };
