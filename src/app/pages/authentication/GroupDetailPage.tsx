/**
 * /authentication/groups/{id}: one group — name, description, members and privileges per area (edit and save),
 * and deleting it (refused by the appliance while it is the only access of an enabled user).
 */
import { Formik } from 'formik';
import { Form } from '../../forms/Form';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { ConfirmationModal } from '../../../widgets/ConfirmationModal';
import { Loader } from '../../../widgets/Loader';
import { PageHeader } from '../../../widgets/PageHeader';
import { useResourceSave } from '../../../store/useResource';
import { useIsAdmin } from '../../../store/usePrivilege';
import { DirtyGuard, FormDirtyReporter } from '../common/config/DirtyGuard';
import { EntityFallback } from '../common/EntityFallback';
import { useEntity } from '../common/useEntity';
import { GroupFields, groupSchema, toGroupBody, toGroupValues, type GroupValues } from './GroupFields';
import { GROUPS_KEY, USERS_KEY, groupKey, type Group } from './types';
import '../common/config/config.css';

export function GroupDetailPage() {
  const { id = '' } = useParams();
  const key = groupKey(id);
  const entity = useEntity<Group>(key, id);
  const { data } = entity;
  const edit = useResourceSave();
  const remove = useResourceSave();
  const navigate = useNavigate();
  const isAdmin = useIsAdmin();
  const [asking, setAsking] = useState(false);
  const title = data ? `Group ${data.name}` : 'Group';
  useEffect(() => {
    document.title = `${title} · Rampart`;
  }, [title]);
  // Deleted (or refused): back to the list once the appliance said yes.
  useEffect(() => {
    if (remove.status === 'done') void navigate('/authentication/groups');
  }, [remove.status, navigate]);

  if (!data) return <EntityFallback entity={entity} label={title} what="the group" loading={<Loader />} />;

  return (
    <DirtyGuard>
      <section className="page config-page" aria-label={title}>
        <PageHeader
          title={title}
          backLink={{ to: '/authentication/groups', label: 'Groups' }}
          actionDescription={`Created ${formatDateTime(data.created_at)}. ${data.members.length} member${
            data.members.length === 1 ? '' : 's'
          }.`}
        />
        <section className="config-section" aria-label="Group">
          <Formik<GroupValues>
            initialValues={toGroupValues(data)}
            enableReinitialize
            validationSchema={groupSchema}
            onSubmit={(v) => {
              edit.save({
                key,
                method: 'PUT',
                path: `groups/${data.id}`,
                body: toGroupBody(v),
                message: 'Group saved.',
                refresh: [GROUPS_KEY, USERS_KEY],
              });
            }}
          >
            {({ dirty }) => (
              <Form noValidate className="config-form">
                <FormDirtyReporter id="group" />
                <fieldset className="config-fieldset" disabled={!isAdmin}>
                  <GroupFields />
                  <div className="config-form__actions">
                    <button
                      type="submit"
                      className="button button--primary"
                      disabled={!dirty || edit.pending}
                    >
                      Save
                    </button>
                    <button type="button" className="button" onClick={() => setAsking(true)}>
                      Delete group
                    </button>
                  </div>
                </fieldset>
              </Form>
            )}
          </Formik>
        </section>
        <ConfirmationModal
          open={asking}
          title="Delete group?"
          message={`Delete "${data.name}"? Its members lose what it granted.`}
          yesLabel="Delete"
          noLabel="Cancel"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            remove.save({
              key: GROUPS_KEY,
              method: 'DELETE',
              path: `groups/${data.id}`,
              message: `Group "${data.name}" deleted.`,
              refresh: [USERS_KEY],
            });
            setAsking(false);
          }}
        />
      </section>
    </DirtyGuard>
  );
}
