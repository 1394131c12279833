/**
 * The identity flow form view (spec §2, §3): renders any flow's nodes generically (inputs, images, texts, links,
 * scripts with integrity/nonce, provider buttons), so a real identity service with extra fields still works.
 * One Formik form; on submit only the default group and the clicked button's group are validated (Yup, built
 * from the nodes: required fields and e-mail addresses, spec §5 flow form). Field messages are announced.
 */
import type { UiNode } from '@ory/client-fetch';
import { Formik, type FormikErrors, type FormikProps } from 'formik';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import {
  initialValues,
  isInputNode,
  type FormValues,
  type IdentityFlow,
  type InputNode,
} from '../../../../identity/flow';
import { checkRedirect, type RedirectPolicy } from '../../../../identity/redirects';
import { isEmail } from '../../../../lib/validation';
import { Form } from '../../../forms/Form';
import { flatten, GROUP_TITLES, nest, schemaFor, yupErrors } from './flowFormHelpers';
import { Node } from './nodes/Node';
import type { NodeContext, Submitter } from './nodes/types';
import { ProviderForm } from './ProviderForm';

export interface FlowFormProps {
  flow: IdentityFlow;
  policy: RedirectPolicy;
  busy: boolean;
  onSubmit: (values: FormValues) => void;
  /** Only these groups (plus default) are shown; all when empty. */
  groups?: readonly string[];
  /** Show group headings (settings). */
  sections?: boolean;
  /** Seconds before "Resend code" may be used again (recovery, verification). */
  resendIn?: number;
  /** Fields kept in the form but never sent (e.g. accept terms). */
  localFields?: {
    initial: FormValues;
    validate: (values: FormValues) => FormikErrors<FormValues>;
    render: (
      values: FormValues,
      errors: FormikErrors<FormValues>,
      setValue: (name: string, value: string | boolean) => void,
    ) => ReactNode;
  };
  /** Extra content after an input (e.g. the password strength meter). */
  afterInput?: (node: InputNode, values: FormValues) => ReactNode;
  idPrefix?: string;
}

const NO_GROUPS: readonly string[] = [];

export function FlowForm({
  flow,
  policy,
  busy,
  onSubmit,
  groups = NO_GROUPS,
  sections = false,
  resendIn = 0,
  localFields,
  afterInput,
  idPrefix = 'flow',
}: FlowFormProps) {
  const nodes = useMemo(
    () => flow.ui.nodes.filter((n) => !groups.length || n.group === 'default' || groups.includes(n.group)),
    [flow.ui.nodes, groups],
  );
  // The clicked button; its value keeps the node's type (e.g. `lookup_secret_regenerate: true` is a boolean).
  const submitter = useRef<Submitter | null>(null);
  const initial = useMemo(
    () => nest({ ...initialValues(nodes), ...(localFields?.initial ?? {}) }),
    [nodes, localFields?.initial],
  );
  // A password typed into the form never outlives the flow it was sent with: every flow the service answers (a save,
  // a validation error) clears password fields, as the service never echoes them. Reinitialising alone would not do
  // it, since the new flow's initial values usually equal the old ones. The flow the form mounted with starts with
  // empty passwords anyway; what its inputs hold then was typed before hydration (see the shared Form), and is kept.
  const formik = useRef<FormikProps<Record<string, unknown>>>(null);
  const mountedWith = useRef(flow);
  useEffect(() => {
    if (flow === mountedWith.current) return;
    mountedWith.current = flow;
    for (const n of flow.ui.nodes)
      if (isInputNode(n) && n.attributes.type === 'password')
        void formik.current?.setFieldValue(n.attributes.name, '', false);
  }, [flow]);
  // Provider buttons are not part of the Formik form: they post a plain form of their own (ProviderForm).
  const groupOrder = useMemo(
    () =>
      [...new Set(nodes.map((n) => n.group))]
        .filter((g) => g !== 'oidc')
        .sort((a, b) => (a === 'default' ? -1 : b === 'default' ? 1 : 0)),
    [nodes],
  );
  const providers = useMemo(
    () =>
      nodes.filter(
        (n): n is InputNode => n.group === 'oidc' && isInputNode(n) && n.attributes.type === 'submit',
      ),
    [nodes],
  );
  const providerAction = checkRedirect(flow.ui.action, policy);

  const validate = (nested: Record<string, unknown>) => {
    const values = flatten(nested);
    const group = submitter.current?.group;
    // Provider buttons and resends send no fields of their own: nothing to validate.
    if (group === 'oidc' || submitter.current?.name === 'email') return {};
    return { ...yupErrors(schemaFor(nodes, group), values), ...(localFields?.validate(values) ?? {}) };
  };

  const submit = (nested: Record<string, unknown>) => {
    const out: FormValues = {};
    for (const [k, v] of Object.entries(flatten(nested))) {
      if (localFields && k in localFields.initial) continue;
      if (v === '' && k !== 'csrf_token') continue;
      out[k] = v;
    }
    if (submitter.current) out[submitter.current.name] = submitter.current.value;
    // A resend sends the address again, not the code being typed.
    if (submitter.current?.name === 'email') delete out.code;
    onSubmit(out);
  };

  return (
    <>
      <Formik<Record<string, unknown>>
        innerRef={formik}
        initialValues={initial}
        enableReinitialize
        validate={validate}
        validateOnBlur={false}
        validateOnChange={false}
        onSubmit={submit}
      >
        {({ values: nested, errors: formErrors, setFieldValue, submitCount }) => {
          const values = flatten(nested);
          // Errors are keyed by the flow's flat names (see validate).
          const errors = formErrors as FormikErrors<FormValues>;
          // §4: when the login identifier must be an e-mail, the password step stays hidden until it is valid.
          const emailGate = nodes.some(
            (n) => isInputNode(n) && n.attributes.name === 'identifier' && n.attributes.type === 'email',
          );
          const passwordHidden = emailGate && !isEmail(String(values.identifier ?? ''));
          const setValue = (name: string, value: string | boolean) => void setFieldValue(name, value);
          const ctx: NodeContext = {
            values,
            errors: submitCount > 0 ? errors : {},
            setValue,
            busy,
            policy,
            idPrefix,
            resendIn,
            afterInput,
            onSubmitter: (s) => {
              submitter.current = s;
            },
          };
          const renderNode = (n: UiNode, i: number): ReactNode =>
            passwordHidden && n.group === 'password' ? null : (
              <Node key={`${n.group}-${i}`} node={n} ctx={ctx} />
            );
          // Fields of the screen's own (e.g. accept terms) go just before the first submit button.
          let localRendered = !localFields;
          const local = () => {
            if (localRendered) return null;
            localRendered = true;
            return <div key="local-fields">{localFields?.render(values, ctx.errors, setValue)}</div>;
          };
          const render = (group: string) =>
            nodes.map((n, i) => {
              if (n.group !== group) return null;
              const before =
                isInputNode(n) && n.attributes.type === 'submit' && n.group !== 'oidc' ? local() : null;
              return before ? [before, renderNode(n, i)] : renderNode(n, i);
            });
          return (
            <Form
              className="auth__form"
              noValidate
              aria-busy={busy}
              action={flow.ui.action}
              method={flow.ui.method}
            >
              {groupOrder.map((group) =>
                sections && group !== 'default' ? (
                  <fieldset key={group} className="auth__section" data-group={group}>
                    <legend>{GROUP_TITLES[group] ?? group}</legend>
                    {render(group)}
                  </fieldset>
                ) : (
                  <div key={group} className="auth__group" data-group={group}>
                    {render(group)}
                  </div>
                ),
              )}
              {local()}
            </Form>
          );
        }}
      </Formik>
      {providers.length && providerAction ? (
        <ProviderForm flow={flow} action={providerAction} providers={providers} busy={busy} />
      ) : null}
    </>
  );
}
