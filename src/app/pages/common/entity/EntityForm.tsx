/**
 * The form of a detail page that edits its entity (a user's account, a group): fields, Save (the entity's PUT endpoint,
 * enabled once something changed) and the button that deletes the entity, disabled together on a read-only page;
 * unsaved changes guard leaving the page (the page is inside a DirtyGuard).
 */
import { Formik, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import type { AnyObjectSchema } from 'yup';
import { useRules, type RulesModule } from '../../../forms/lazyRules';
import { useResourceSave } from '../../../../store/useResource';
import { Form } from '../../../forms/Form';
import { FormDirtyReporter } from '../config/DirtyGuard';
import { WritableFieldset } from '../config/ReadOnly';
import { DeleteButton, entitySave, useEntityId, useEntityKey, type EntityEndpoint } from './EntityDetailPage';

export function EntityForm<V extends FormikValues>({
  id,
  initialValues,
  rules,
  save,
  deleteLabel,
  children,
}: {
  /** Names the form to the unsaved-changes guard. */
  id: string;
  initialValues: V;
  /** The form's rules module (lazyRules.ts), fetched on idle or when the form is focused. */
  rules: RulesModule<AnyObjectSchema>;
  /** The entity's PUT endpoint (called with the page's id), its body, the toast once saved, other keys to reload. */
  save: { endpoint: EntityEndpoint; body: (values: V) => unknown; message: string; refresh?: string[] };
  /** The delete button's name ("Delete user"); none: no delete button in the form. */
  deleteLabel?: string;
  children: ReactNode;
}) {
  const key = useEntityKey();
  const entityId = useEntityId();
  const edit = useResourceSave();
  const schema = useRules(rules);
  return (
    <Formik<V>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={schema.module}
      onSubmit={(values) => {
        const { endpoint, body, ...rest } = save;
        edit.save(entitySave(endpoint, entityId, { ...rest, key, body: body(values) }));
      }}
    >
      {({ dirty }) => (
        <Form noValidate className="config-form" onFocus={schema.fetch}>
          <FormDirtyReporter id={id} />
          <WritableFieldset>
            {children}
            <div className="config-form__actions">
              <button type="submit" className="button button--primary" disabled={!dirty || edit.pending}>
                Save
              </button>
              {deleteLabel ? <DeleteButton label={deleteLabel} /> : null}
            </div>
          </WritableFieldset>
        </Form>
      )}
    </Formik>
  );
}
