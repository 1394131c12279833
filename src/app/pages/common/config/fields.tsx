/**
 * Formik-bound fields over the widget library: each shows its Formik (Yup, §5 validators) error once touched or
 * after a submit attempt, and the server's error for its name (pydantic `loc`), which a new value hides.
 */
import { useField, useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { Checkbox } from '../../../../widgets/Checkbox';
import { focusFirstMarked } from '../../../../widgets/Field';
import { ListInput } from '../../../../widgets/ListInput';
import { Combobox } from '../../../../widgets/Combobox';
import { Select, type SelectOption } from '../../../../widgets/Select';
import { TextInput, type TextInputProps } from '../../../../widgets/TextInput';
import { useServerFieldError } from '../../../../store/useResource';

type TextFieldProps = Omit<
  TextInputProps,
  'value' | 'onChange' | 'name' | 'serverError' | 'showValidation'
> & {
  name: string;
};

/**
 * A text input bound to a string value of the form. The widget checks the same §5 rules as the form's Yup schema
 * (give it the same validators, bounds and `required`), so it shows the error itself.
 */
export function TextField({ name, ...rest }: TextFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const { submitCount } = useFormikContext();
  const server = useServerFieldError(name);
  const shown = meta.touched || submitCount > 0;
  return (
    <div className="config-field">
      <TextInput
        {...rest}
        name={name}
        value={field.value ?? ''}
        onChange={(v) => void helpers.setValue(v)}
        onBlur={() => void helpers.setTouched(true)}
        showValidation={shown}
        serverError={server}
      />
      {/* Rules the widget does not know (no §5 validator, e.g. IPv6) come from the form's schema. */}
      {!rest.validators && !server && shown && meta.error && field.value ? (
        <FieldError message={meta.error} />
      ) : null}
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  description,
}: {
  name: string;
  label: string;
  description?: string;
}) {
  const [field, , helpers] = useField<boolean>(name);
  const server = useServerFieldError(name);
  return (
    <div className="config-field">
      <Checkbox
        name={name}
        label={label}
        description={description}
        checked={!!field.value}
        onChange={(v) => void helpers.setValue(v)}
      />
      {server ? <FieldError message={server} /> : null}
    </div>
  );
}

/** A select field; `searchable` for a long list (time zones): type to filter, arrows and Enter to pick. */
export function SelectField({
  name,
  label,
  options,
  hint,
  searchable = false,
}: {
  name: string;
  label: string;
  options: readonly SelectOption[];
  hint?: string;
  searchable?: boolean;
}) {
  const [field, , helpers] = useField<string>(name);
  const server = useServerFieldError(name);
  const Control = searchable ? Combobox : Select;
  return (
    <div className="config-field">
      <Control
        name={name}
        label={label}
        options={options}
        value={field.value}
        onChange={(v) => void helpers.setValue(v)}
        required
        hint={server ?? hint}
      />
      {server ? <FieldError message={server} /> : null}
    </div>
  );
}

/** A list of values (addresses, groups); errors of any entry show under the list. */
export function ListField({
  name,
  label,
  validators,
  placeholder,
}: {
  name: string;
  label: string;
  validators?: Parameters<typeof ListInput>[0]['validators'];
  placeholder?: string;
}) {
  const [field, meta, helpers] = useField<string[]>(name);
  const { submitCount } = useFormikContext();
  const server = useServerFieldError(name);
  const local =
    meta.touched || submitCount > 0 ? (typeof meta.error === 'string' ? meta.error : undefined) : undefined;
  return (
    <div className="config-field">
      <ListInput
        label={label}
        values={field.value}
        validators={validators}
        placeholder={placeholder}
        onChange={(v) => {
          void helpers.setValue(v);
          void helpers.setTouched(true, false);
        }}
      />
      {server || local ? <FieldError message={(server ?? local) as string} /> : null}
    </div>
  );
}

/** A set of choices from a fixed list (algorithms), as checkboxes in a labelled group. */
export function ChoiceListField({
  name,
  label,
  choices,
}: {
  name: string;
  label: string;
  choices: readonly string[];
}) {
  const [field, meta, helpers] = useField<string[]>(name);
  const server = useServerFieldError(name);
  const value = field.value ?? [];
  const error = server ?? (typeof meta.error === 'string' ? meta.error : undefined);
  return (
    <fieldset className="config-field config-choices">
      <legend>{label}</legend>
      {choices.map((c) => (
        <Checkbox
          key={c}
          label={<code>{c}</code>}
          checked={value.includes(c)}
          onChange={(on) =>
            void helpers.setValue(
              on ? choices.filter((x) => x === c || value.includes(x)) : value.filter((x) => x !== c),
            )
          }
        />
      ))}
      {error ? <FieldError message={error} /> : null}
    </fieldset>
  );
}

export function FieldError({ message }: { message: string }) {
  return (
    <p className="config-field__error" role="alert">
      {message}
    </p>
  );
}

/** After a successful save the form's values become its new starting point (no longer dirty). */
export function SavedReset({ status }: { status: string | undefined }) {
  const { resetForm, values } = useFormikContext();
  useEffect(() => {
    if (status === 'done') resetForm({ values });
    // Only a change of status matters; the values are those just saved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);
  return null;
}

/** A configuration form's Save and Discard buttons: both wait for a change, and neither works while saving. */
export function SaveDiscardActions({ saveLabel, pending }: { saveLabel: string; pending: boolean }) {
  const { dirty, resetForm, submitCount, isSubmitting, errors } = useFormikContext();
  const ref = useRef<HTMLDivElement>(null);
  const answered = useRef(submitCount);
  // A save refused by the form's own rules moves focus to the first field in error (keyboard and screen-reader
  // users land on what to fix instead of staying on the button).
  useEffect(() => {
    if (isSubmitting || submitCount === answered.current) return;
    answered.current = submitCount;
    const form = ref.current?.closest('form');
    const names = new Set(Object.keys(errors));
    if (form && names.size > 0) focusFirstMarked(names, form);
  }, [submitCount, isSubmitting, errors]);
  return (
    <div className="config-form__actions" ref={ref}>
      <button type="submit" className="button button--primary" disabled={!dirty || pending}>
        {saveLabel}
      </button>
      <button type="button" className="button" disabled={!dirty || pending} onClick={() => resetForm()}>
        Discard changes
      </button>
    </div>
  );
}
