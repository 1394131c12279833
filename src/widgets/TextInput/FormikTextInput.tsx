/**
 * TextInput bound to a Formik field. Pair it with `fieldSchema(rules)` from `lib/validation/yup` in the form's schema so
 * the form blocks submission on exactly the rules the input shows. Server-marked errors (§4 forced-invalid, §8 field
 * errors) are read from Formik's status: `setStatus({ serverErrors: { [name]: message } })`. The verdict shows after
 * the field is left or after the first submit attempt.
 *
 * Kept out of the TextInput index so widgets used outside forms do not pull in Formik.
 */
import { useField, useFormikContext } from 'formik';
import { TextInput, type TextInputProps } from './TextInput';

export interface FormikStatusWithServerErrors {
  serverErrors?: Record<string, string | undefined>;
}

export type FormikTextInputProps = Omit<
  TextInputProps,
  'value' | 'onChange' | 'serverError' | 'showValidation' | 'onBlur' | 'name'
> & {
  name: string;
};

export function FormikTextInput({ name, ...rest }: FormikTextInputProps) {
  const [field, , helpers] = useField<string | undefined>(name);
  const { status, submitCount } = useFormikContext<unknown>();
  const serverError = (status as FormikStatusWithServerErrors | undefined)?.serverErrors?.[name];
  return (
    <TextInput
      {...rest}
      name={name}
      value={field.value ?? ''}
      onChange={(v) => void helpers.setValue(v)}
      onBlur={() => void helpers.setTouched(true)}
      serverError={serverError}
      showValidation={submitCount > 0}
    />
  );
}
