import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Pagination, usePersistedPage, type PaginationProps } from '../../src/widgets/Pagination';

function Controlled(props: Omit<PaginationProps, 'page' | 'onPageChange'> & { start?: number }) {
  const [page, setPage] = useState(props.start ?? 1);
  return <Pagination {...props} page={page} onPageChange={setPage} />;
}

const meta: Meta<typeof Controlled> = {
  title: 'Widgets/Pagination',
  component: Controlled,
  args: { total: 45, pageSize: 10 },
  decorators: [
    (Story) => (
      <div style={{ padding: '1.5rem' }}>
        <Story />
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof Controlled>;

export const FewPages: Story = {};
export const ManyPagesAtStart: Story = { args: { total: 500 } };
export const ManyPagesInMiddle: Story = { args: { total: 500, start: 25 } };
export const ManyPagesAtEnd: Story = { args: { total: 500, start: 50 } };
export const ThreeButtons: Story = { args: { total: 500, maxButtons: 3, start: 10 } };
/** One page: nothing is shown. */
export const SinglePage: Story = { args: { total: 8 } };

function Persisted() {
  const [page, setPage] = usePersistedPage('story-navigation');
  return (
    <>
      <p>The page is kept in session storage for this navigation: reload the story and it stays.</p>
      <Pagination total={300} pageSize={10} page={page} onPageChange={setPage} />
    </>
  );
}
export const RememberedPerNavigation: Story = { render: () => <Persisted /> };
