/** What every node component of the flow form gets from the form (the Formik state and the screen's options). */
import type { FormikErrors } from 'formik';
import type { ReactNode } from 'react';
import type { FormValues, InputNode } from '../../../../../identity/flow';
import type { RedirectPolicy } from '../../../../../identity/redirects';

/** The clicked button; its value keeps the node's type (e.g. `lookup_secret_regenerate: true` is a boolean). */
export interface Submitter {
  name: string;
  value: string | boolean;
  group: string;
}

export interface NodeContext {
  /** Current values, keyed by the flow's flat names. */
  values: FormValues;
  /** Validation errors to show (empty until the first submit). */
  errors: FormikErrors<FormValues>;
  setValue: (name: string, value: string | boolean) => void;
  busy: boolean;
  policy: RedirectPolicy;
  idPrefix: string;
  /** Seconds before "Resend code" may be used again. */
  resendIn: number;
  /** Extra content after an input (e.g. the password strength meter). */
  afterInput?: (node: InputNode, values: FormValues) => ReactNode;
  /** Records the button that submits the form. */
  onSubmitter: (submitter: Submitter) => void;
}
