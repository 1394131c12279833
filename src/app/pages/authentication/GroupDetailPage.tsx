/**
 * /authentication/groups/{id}: one group — name, description, members and privileges per area (edit and save),
 * and deleting it (refused by the appliance while it is the only access of an enabled user).
 */
import { formatDateTime } from '../../../lib/format';
import { DirtyGuard } from '../common/config/DirtyGuard';
import { EntityDetailView, entityDetailPage } from '../common/entity/EntityDetailPage';
import { EntityForm } from '../common/entity/EntityForm';
import type { EntityDetailSource } from '../common/entity/useEntityDetail';
import { GroupFields, groupRules, toGroupBody, toGroupValues, type GroupValues } from './GroupFields';
import { GROUPS_KEY, USERS_KEY, groupKey } from './resources';
import { deleteGroup, putGroup, type Group } from '../../../shared/contracts/authentication';

export const GROUP_DETAIL: EntityDetailSource<Group> = {
  key: groupKey,
  noun: 'Group',
  title: (g) => `Group ${g.name}`,
  back: { to: '/authentication/groups', label: 'Groups' },
};

function GroupDetail({ entity: group }: { entity: Group }) {
  return (
    <DirtyGuard>
      <EntityDetailView
        header={{
          actionDescription: `Created ${formatDateTime(group.created_at)}. ${group.members.length} member${
            group.members.length === 1 ? '' : 's'
          }.`,
        }}
        remove={{
          endpoint: deleteGroup,
          message: `Delete "${group.name}"? Its members lose what it granted.`,
          key: GROUPS_KEY,
          done: `Group "${group.name}" deleted.`,
          refresh: [USERS_KEY],
        }}
      >
        <section className="config-section" aria-label="Group">
          <EntityForm<GroupValues>
            id="group"
            initialValues={toGroupValues(group)}
            rules={groupRules}
            save={{
              endpoint: putGroup,
              body: toGroupBody,
              message: 'Group saved.',
              refresh: [GROUPS_KEY, USERS_KEY],
            }}
            deleteLabel="Delete group"
          >
            <GroupFields />
          </EntityForm>
        </section>
      </EntityDetailView>
    </DirtyGuard>
  );
}

// Groups are changed by admins only; an account that may read the authentication area sees them.
export const GroupDetailPage = entityDetailPage(GROUP_DETAIL, GroupDetail, {
  writableBy: 'admins',
  readOnlyNotice: null,
});
