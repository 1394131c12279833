/**
 * A creation / import dialog: a modal holding a Formik form whose body goes to the appliance through the resources
 * saga (server field errors land under their fields); it closes once the save is done. Its rules module is fetched
 * when it opens; a submit before it arrives is judged by the appliance alone.
 */
import { Formik, type FormikValues } from 'formik';
import { Form } from '../../forms/Form';
import { useEffect, useId, type ReactNode } from 'react';
import type { AnyObjectSchema } from 'yup';
import { useRules, type RulesModule } from '../../forms/lazyRules';
import { Modal, ModalFormActions } from '../../../widgets/Modal';
import { useResourceSave } from '../../../store/useResource';
import type { ResourceSave } from '../../../store/slices/resources.slice';
import { ReasonField, useChangeReason } from './config/ReasonField';

export interface FormModalProps<V extends FormikValues> {
  title: string;
  submitLabel: string;
  initialValues: V;
  /** The form's rules module (lazyRules.ts), fetched when the dialog opens. */
  rules: RulesModule<AnyObjectSchema>;
  /** The change to send (resource key to reload, path, body, toast). */
  toSave: (values: V) => Omit<ResourceSave, 'requestId'>;
  onClose: () => void;
  children: (values: V) => ReactNode;
}

export function FormModal<V extends FormikValues>(props: FormModalProps<V>) {
  const { title, submitLabel, initialValues, rules, toSave, onClose, children } = props;
  const schema = useRules(rules, 'open').module;
  const { save, status, pending } = useResourceSave();
  const formId = useId();
  // Why the change is made: sent with it (`X-Change-Reason`) and shown in History.
  const reason = useChangeReason(status);
  useEffect(() => {
    if (status === 'done') onClose();
  }, [status, onClose]);
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      busy={pending}
      footer={
        <ModalFormActions formId={formId} submitLabel={submitLabel} pending={pending} onCancel={onClose} />
      }
    >
      <Formik<V>
        initialValues={initialValues}
        validationSchema={schema}
        onSubmit={(v) => {
          const change = toSave(v);
          void save({ ...change, headers: { ...change.headers, ...reason.headers } });
        }}
      >
        {({ values }) => (
          <Form id={formId} noValidate className="config-form">
            {children(values)}
            <ReasonField value={reason.reason} onChange={reason.setReason} disabled={pending} />
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
