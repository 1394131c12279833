/**
 * /authentication/groups/{id}: one group — name, description, members and privileges per area (edit and save),
 * and deleting it (refused by the appliance while it is the only access of an enabled user).
 */
import { Formik } from 'formik';
import { Form } from '../../forms/Form';
import { formatDateTime } from '../../../lib/format';
import { useResourceSave } from '../../../store/useResource';
import { DirtyGuard, FormDirtyReporter } from '../common/config/DirtyGuard';
import { WritableFieldset } from '../common/config/ReadOnly';
import { DeleteButton, EntityDetailPage, EntityDetailView } from '../common/entity/EntityDetailPage';
import type { EntityDetailSource } from '../common/entity/useEntityDetail';
import { GroupFields, groupSchema, toGroupBody, toGroupValues, type GroupValues } from './GroupFields';
import { GROUPS_KEY, USERS_KEY, groupKey, type Group } from './types';

export const GROUP_DETAIL: EntityDetailSource<Group> = {
  key: groupKey,
  noun: 'Group',
  what: 'the group',
  title: (g) => `Group ${g.name}`,
  back: { to: '/authentication/groups', label: 'Groups' },
};

export function GroupDetailPage() {
  // Groups are changed by admins only; an account that may read the authentication area sees them.
  return (
    <EntityDetailPage source={GROUP_DETAIL} writableBy="admins" readOnlyNotice={null}>
      {(group) => <GroupDetail group={group} />}
    </EntityDetailPage>
  );
}

function GroupDetail({ group }: { group: Group }) {
  const edit = useResourceSave();
  return (
    <DirtyGuard>
      <EntityDetailView
        header={{
          actionDescription: `Created ${formatDateTime(group.created_at)}. ${group.members.length} member${
            group.members.length === 1 ? '' : 's'
          }.`,
        }}
        remove={{
          question: 'Delete group?',
          message: `Delete "${group.name}"? Its members lose what it granted.`,
          request: {
            key: GROUPS_KEY,
            path: `groups/${group.id}`,
            message: `Group "${group.name}" deleted.`,
            refresh: [USERS_KEY],
          },
        }}
      >
        <section className="config-section" aria-label="Group">
          <Formik<GroupValues>
            initialValues={toGroupValues(group)}
            enableReinitialize
            validationSchema={groupSchema}
            onSubmit={(v) => {
              edit.save({
                key: groupKey(group.id),
                method: 'PUT',
                path: `groups/${group.id}`,
                body: toGroupBody(v),
                message: 'Group saved.',
                refresh: [GROUPS_KEY, USERS_KEY],
              });
            }}
          >
            {({ dirty }) => (
              <Form noValidate className="config-form">
                <FormDirtyReporter id="group" />
                <WritableFieldset>
                  <GroupFields />
                  <div className="config-form__actions">
                    <button
                      type="submit"
                      className="button button--primary"
                      disabled={!dirty || edit.pending}
                    >
                      Save
                    </button>
                    <DeleteButton label="Delete group" />
                  </div>
                </WritableFieldset>
              </Form>
            )}
          </Formik>
        </section>
      </EntityDetailView>
    </DirtyGuard>
  );
}
