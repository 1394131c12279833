/** "Import certificate authority": its PEM certificate (then its chain) and, to sign with it, its private key. */
import { rulesModule } from '../../../forms/lazyRules';
import { TextField } from '../../common/config/fields';
import { FileField } from '../common/FileField';
import { FormModal } from '../../common/FormModal';
import { CAS_KEY } from '../resources';
import { importCa } from '../../../../shared/contracts/pki';
import { saveOf } from '../../../../store/slices/resources.slice';

interface Values {
  name: string;
  certificate: string;
  private_key: string;
  passphrase: string;
}

// The dialog's Yup rules come with it (lazyRules.ts).
const caImportRules = rulesModule(() => import('./caImportRules').then((m) => m.caImportSchema));

export const NEW_CA_IMPORT: Values = { name: '', certificate: '', private_key: '', passphrase: '' };

export function CaImportModal({ onClose }: { onClose: () => void }) {
  return (
    <FormModal<Values>
      title="Import certificate authority"
      submitLabel="Import"
      initialValues={NEW_CA_IMPORT}
      rules={caImportRules}
      onClose={onClose}
      toSave={(v) =>
        saveOf({
          key: CAS_KEY,
          endpoint: importCa,
          body: {
            name: v.name.trim(),
            certificate: v.certificate,
            ...(v.private_key ? { private_key: v.private_key } : {}),
            ...(v.private_key && v.passphrase ? { passphrase: v.passphrase } : {}),
          },
          message: `Certificate authority ${v.name.trim()} imported.`,
        })
      }
    >
      {(v) => (
        <>
          <TextField name="name" label="Name" required />
          <FileField
            name="certificate"
            label="CA certificate (PEM, then its chain)"
            accept=".pem,.crt,.cer"
          />
          <FileField
            name="private_key"
            label="Private key (optional, PEM)"
            accept=".pem,.key"
            hint="Without its key the appliance can only trust this authority, not sign with it."
          />
          {v.private_key ? (
            <TextField name="passphrase" label="Key passphrase (if encrypted)" type="password" />
          ) : null}
        </>
      )}
    </FormModal>
  );
}
