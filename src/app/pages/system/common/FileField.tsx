/** A file chooser bound to a form value: the chosen file's PEM text or base64 goes into the body. */
import { useField, useFormikContext } from 'formik';
import { useState } from 'react';
import { FileChooser } from '../../../../widgets/FileChooser';
import { useServerFieldError } from '../../../../store/useResource';
import { readFile, type FileEncoding } from './pki';

export function FileField({
  name,
  label,
  accept,
  as = 'text',
  hint,
}: {
  name: string;
  label: string;
  accept?: string;
  as?: FileEncoding;
  hint?: string;
}) {
  const [, meta, helpers] = useField<string>(name);
  const { submitCount } = useFormikContext();
  const server = useServerFieldError(name);
  const [file, setFile] = useState<File | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const local = submitCount > 0 || meta.touched ? meta.error : undefined;
  return (
    <div className="config-field">
      <FileChooser
        label={label}
        accept={accept}
        file={file}
        hint={hint}
        error={server ?? readError ?? local ?? null}
        onChange={(chosen) => {
          setFile(chosen);
          setReadError(null);
          if (!chosen) return void helpers.setValue('');
          readFile(chosen, as).then(
            (content) => void helpers.setValue(content),
            () => setReadError('The file could not be read.'),
          );
        }}
      />
    </div>
  );
}
