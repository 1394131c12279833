/**
 * A labelled Formik input of the account screens that also shows the error the server marked on its field (spec §8
 * field errors, §4 forced-invalid): the message sits under the input until the user changes the value. `serverName`
 * is the field's name on the wire when it differs from the form's (`new_password` for `newPassword`).
 */
import { Field, useField } from 'formik';
import type { ComponentProps, ReactNode } from 'react';
import { FIELD_NAME_ATTRIBUTE, useServerFieldError } from '../../forms/useServerFieldError';

type InputProps = Omit<ComponentProps<'input'>, 'name' | 'id' | 'onChange' | 'value'>;

export function MarkedField({
  id,
  name,
  serverName = name,
  label,
  describedBy,
  invalid,
  children,
  ...input
}: InputProps & {
  id: string;
  name: string;
  serverName?: string;
  label: string;
  /** Other descriptions of the input (the form's alert, a strength meter). */
  describedBy?: string;
  /** Invalid for a reason of the form's own (a failed required check). */
  invalid?: boolean;
  /** Shown after the input (e.g. a strength meter). */
  children?: ReactNode;
}) {
  const [field] = useField<string>(name);
  const marked = useServerFieldError(serverName);
  const errorId = `${id}-server-error`;
  return (
    <div className="auth__field">
      <label htmlFor={id}>{label}</label>
      <Field
        {...input}
        id={id}
        name={name}
        {...{ [FIELD_NAME_ATTRIBUTE]: serverName }}
        aria-invalid={Boolean(marked.error) || Boolean(invalid)}
        aria-describedby={
          [marked.error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined
        }
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
          marked.clear();
          field.onChange(e);
        }}
      />
      {children}
      {marked.error ? (
        <p id={errorId} className="auth__field-error" role="alert">
          {marked.error}
        </p>
      ) : null}
    </div>
  );
}
