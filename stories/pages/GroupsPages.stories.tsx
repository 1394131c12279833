/**
 * The groups list and a group's page: loading, empty, filled, read-only for an account that may only read the
 * authentication area, the Add dialog, a name the appliance refused, the delete confirmation, an unknown group and one whose load failed.
 */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import { GroupDetailPage } from '../../src/app/pages/authentication/GroupDetailPage';
import { GROUPS_LIST, GroupsPage } from '../../src/app/pages/authentication/GroupsPage';
import { firstPage, firstPageKey } from './fixtures';
import type { RootState } from '../../src/store/createStore';
import { groups, users } from './authenticationFixtures';
import { pageState, pageStory } from './authenticationStories';

const meta: Meta = { title: 'Pages/Authentication/Groups', parameters: { layout: 'padded' } };
export default meta;
type Story = StoryObj;

const list = (state: Partial<RootState>) =>
  pageStory({ element: <GroupsPage />, route: '*', path: '/authentication/groups' }, state);

export const ListLoading: Story = list(pageState({}, { [firstPageKey(GROUPS_LIST)]: 'loading' }));
export const ListEmpty: Story = list(pageState({ ...firstPage(GROUPS_LIST, []), users }));
export const List: Story = list(pageState({ ...firstPage(GROUPS_LIST, groups.data), users }));
/** An operator who may read the authentication area: no Add, no bulk delete. */
export const ListReadOnly: Story = list(
  pageState({ ...firstPage(GROUPS_LIST, groups.data), users }, {}, 'reader'),
);
export const AddDialog: Story = {
  ...list(pageState({ ...firstPage(GROUPS_LIST, groups.data), users })),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Add group' }));
    // The dialog is portalled out of the story's root.
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Add group' });
    await expect(within(dialog).getByRole('combobox', { name: /^DNS/ })).toBeInTheDocument();
  },
};

const detail = (state: Partial<RootState>, id = '1') =>
  pageStory(
    {
      element: <GroupDetailPage />,
      route: '/authentication/groups/:id',
      path: `/authentication/groups/${id}`,
    },
    state,
  );
const loadedGroup = (who?: 'reader') => pageState({ 'groups/1': groups.data[0], groups, users }, {}, who);

export const DetailLoading: Story = detail(pageState({}, { 'groups/1': 'loading' }));
export const Detail: Story = detail(loadedGroup());
export const DetailReadOnly: Story = detail(loadedGroup('reader'));
/** The appliance refused the new name: its message shows under the field. */
export const DetailNameTaken: Story = detail({
  ...loadedGroup(),
  fieldErrors: { name: 'A group with this name exists.' },
});
export const DetailDeleteConfirmation: Story = {
  ...detail(loadedGroup()),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Delete group' }));
    await within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: 'Delete group?' });
  },
};
export const DetailUnknown: Story = detail(pageState({}, { 'groups/99': 404 }), '99');
/** The group's load failed otherwise (here the appliance answered 500): the page says so and offers Try again. */
export const DetailLoadFailed: Story = detail(pageState({}, { 'groups/1': 500 }));
