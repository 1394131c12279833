/**
 * A settings section of a configuration page: its heading and description, one Formik form whose rules load with it
 * (lazyRules.ts), reporting unsaved changes to the page's guard, disabled on a read-only page, with the change reason
 * and Save / Discard. The section says only its fields and what its save sends.
 */
import { Formik, type FormikValues } from 'formik';
import { useId, type ReactNode } from 'react';
import { Form } from '../../../forms/Form';
import { useRules, type RulesModule } from '../../../forms/lazyRules';
import type { EndpointSave, WriteEndpoint } from '../../../../store/slices/resources.slice';
import { useResourceSave } from '../../../../store/useResource';
import { FormDirtyReporter } from './DirtyGuard';
import { SaveDiscardActions, SavedReset } from './fields';
import { WritableFieldset } from './ReadOnly';
import { ReasonField, useChangeReason } from './ReasonField';

export interface SettingsSectionProps<V extends FormikValues, E extends WriteEndpoint> {
  title: string;
  description?: ReactNode;
  /** The page guard's name for this form's unsaved changes. */
  dirtyId: string;
  initialValues: V;
  rules: RulesModule<unknown>;
  /** Validation by a function of the rules module instead of its Yup schema (the module once loaded). */
  validate?: (values: V) => Record<string, string>;
  /** What saving the values sends (the reason's header is added here). */
  save: (values: V) => Omit<EndpointSave<E>, 'headers'>;
  saveLabel?: string;
  children: ReactNode;
}

export function SettingsSection<V extends FormikValues, E extends WriteEndpoint>(
  props: SettingsSectionProps<V, E>,
) {
  const { save, pending, status } = useResourceSave();
  const rules = useRules(props.rules);
  const headingId = useId();
  const reason = useChangeReason(status);
  return (
    <section className="config-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      {props.description ? <p className="config-section__description">{props.description}</p> : null}
      <Formik<V>
        initialValues={props.initialValues}
        enableReinitialize
        validationSchema={props.validate ? undefined : rules.module}
        validate={props.validate}
        onSubmit={(v) => {
          save({ ...props.save(v), headers: reason.headers } as EndpointSave<E>);
        }}
      >
        {() => (
          <Form noValidate className="config-form" aria-busy={pending} onFocus={rules.fetch}>
            <FormDirtyReporter id={props.dirtyId} />
            <SavedReset status={status} />
            <WritableFieldset>
              {props.children}
              <ReasonField value={reason.reason} onChange={reason.setReason} disabled={pending} />
              <SaveDiscardActions saveLabel={props.saveLabel ?? 'Save settings'} pending={pending} />
            </WritableFieldset>
          </Form>
        )}
      </Formik>
    </section>
  );
}
