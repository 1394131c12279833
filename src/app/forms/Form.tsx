/**
 * Formik's form for server-rendered screens: what the user typed into the server-rendered inputs before the page's
 * scripts had hydrated it becomes the form's values when it mounts (see typedValues), so nothing typed early is
 * reset by the first render or lost on submit. After a mount in the browser the inputs hold the form's own values
 * and nothing changes. A layout effect runs in the commit that ends hydration, before anything can render the
 * inputs again.
 */
import { Form as FormikForm, setIn, useFormikContext, type FormikFormProps } from 'formik';
import { useLayoutEffect, useRef } from 'react';
import { typedValues } from './typedValues';

export function Form(props: FormikFormProps) {
  const ref = useRef<HTMLFormElement>(null);
  const { values, setValues } = useFormikContext<object>();
  useLayoutEffect(() => {
    const typed = ref.current ? typedValues(ref.current, values) : [];
    if (typed.length)
      void setValues(
        typed.reduce<object>((all, [name, value]) => setIn(all, name, value) as object, values),
        false,
      );
    // Only the inputs the page was hydrated with: later changes go through the inputs' own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <FormikForm ref={ref} {...props} />;
}
