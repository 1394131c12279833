/**
 * "Export with private key": PEM bundle, key alone or PKCS#12, optionally password-protected. The password goes in
 * the POST body and the file is saved by the browser; the appliance audits each export.
 */
import { rulesModule, useRules } from '../../../forms/lazyRules';
import { Formik } from 'formik';
import { Form } from '../../../forms/Form';
import { useEffect, useId } from 'react';
import { Modal, ModalFormActions } from '../../../../widgets/Modal';
import { CheckboxField, SelectField, TextField } from '../../common/config/fields';
import { useFileDownload } from '../common/useFileDownload';
import { exportCertificate, type Certificate } from '../../../../shared/contracts/pki';

interface Values {
  format: 'pem' | 'key' | 'pkcs12';
  password: string;
  include_chain: boolean;
}

// The dialog's Yup rules come with it (lazyRules.ts).
const exportRules = rulesModule(() => import('./exportRules').then((m) => m.exportSchema));

const EXTENSION = { pem: 'pem', key: 'key', pkcs12: 'p12' } as const;

export function ExportModal({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  const { download, status, pending } = useFileDownload();
  const formId = useId();
  const rules = useRules(exportRules, 'open');
  useEffect(() => {
    if (status === 'done') onClose();
  }, [status, onClose]);
  return (
    <Modal
      open
      title={`Export ${certificate.name}`}
      onClose={onClose}
      busy={pending}
      footer={<ModalFormActions formId={formId} submitLabel="Export" pending={pending} onCancel={onClose} />}
    >
      <p>The private key leaves the appliance; the export is recorded in the audit log.</p>
      <Formik<Values>
        initialValues={{ format: 'pkcs12', password: '', include_chain: true }}
        validationSchema={rules.module}
        onSubmit={(v) =>
          download({
            endpoint: exportCertificate,
            params: { id: certificate.id },
            body: {
              format: v.format,
              include_chain: v.include_chain,
              ...(v.password ? { password: v.password } : {}),
            },
            filename: `${certificate.common_name || 'certificate'}.${EXTENSION[v.format]}`,
          })
        }
      >
        {({ values }) => (
          <Form id={formId} noValidate className="config-form">
            <SelectField
              name="format"
              label="Format"
              options={[
                { value: 'pkcs12', name: 'PKCS#12 (.p12): certificate, chain and key' },
                { value: 'pem', name: 'PEM: certificate, chain and key' },
                { value: 'key', name: 'PEM: the private key only' },
              ]}
            />
            <TextField
              name="password"
              label={values.format === 'pkcs12' ? 'Password' : 'Password (optional, encrypts the key)'}
              type="password"
              required={values.format === 'pkcs12'}
              autoComplete="new-password"
            />
            {values.format !== 'key' ? (
              <CheckboxField name="include_chain" label="Include the chain" />
            ) : null}
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
