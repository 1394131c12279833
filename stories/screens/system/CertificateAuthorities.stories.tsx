/** The certificate authorities list and detail pages: loading, empty, filled, one authority, unknown id. */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { CaDetailPage } from '../../../src/app/pages/system/authorities/CaDetailPage';
import { CaListPage } from '../../../src/app/pages/system/authorities/CaListPage';
import { StoryProviders } from '../../support/StoryProviders';
import { resourcesState } from '../../pages/fixtures';
import { importedCa, rootCa, FIRST_PAGE, paged } from './fixtures';

const meta: Meta = { title: 'Screens/System/Certificate authorities', parameters: { layout: 'padded' } };
export default meta;
type Story = StoryObj;

const listPage = (state: Parameters<typeof StoryProviders>[0]['state']) => ({
  render: () => (
    <StoryProviders
      state={state}
      routes={[{ path: '*', element: <CaListPage /> }]}
      path="/system/certificate-authorities"
    />
  ),
});
const detailPage = (id: string, state: Parameters<typeof StoryProviders>[0]['state']) => ({
  render: () => (
    <StoryProviders
      state={state}
      routes={[{ path: '/system/certificate-authorities/:id', element: <CaDetailPage /> }]}
      path={`/system/certificate-authorities/${id}`}
    />
  ),
});

const list = { data: [rootCa, importedCa] };

export const ListLoading: Story = listPage(resourcesState({}, { [FIRST_PAGE.cas]: 'loading' }));
export const ListEmpty: Story = listPage(
  resourcesState({ 'pki/cas': { data: [] }, [FIRST_PAGE.cas]: paged([]) }),
);
export const ListFilled: Story = listPage(
  resourcesState({ 'pki/cas': list, [FIRST_PAGE.cas]: paged(list.data) }),
);
export const DetailRoot: Story = detailPage(
  rootCa.id,
  resourcesState({ 'pki/cas': list, [`pki/cas/${rootCa.id}`]: rootCa }),
);
export const DetailImportedWithoutKey: Story = detailPage(
  importedCa.id,
  resourcesState({ 'pki/cas': list, [`pki/cas/${importedCa.id}`]: importedCa }),
);
export const DetailUnknownId: Story = detailPage(
  '00000000-0000-4000-8000-000000000000',
  resourcesState({ 'pki/cas': list }),
);
