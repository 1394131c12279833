/**
 * The identity flow form view (spec §2, §3): renders any flow's nodes generically (inputs, images, texts, links,
 * scripts with integrity/nonce, provider buttons), so a real identity service with extra fields still works.
 * One Formik form; on submit only the default group and the clicked button's group are validated (Yup, built
 * from the nodes: required fields and e-mail addresses, spec §5 flow form). Field messages are announced.
 */
import type { UiNode, UiText } from '@ory/client-fetch';
import { Formik, Form, setIn, type FormikErrors, type FormikProps } from 'formik';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { object, string, ValidationError, type AnySchema } from 'yup';
import {
  csrfToken,
  initialValues,
  isInputNode,
  nodeLabel,
  type FormValues,
  type IdentityFlow,
  type InputNode,
} from '../../../../identity/flow';
import { identityText } from '../../../../identity/messages';
import { checkRedirect, type RedirectPolicy } from '../../../../identity/redirects';
import { EMAIL_PATTERN, isEmail } from '../../../../lib/validation';
import { providerName } from '../../../../shared/providers';
import { allowedScript, runTrigger, type ScriptAttributes } from './flowScripts';

export const GROUP_TITLES: Record<string, string> = {
  profile: 'Profile',
  password: 'Password',
  totp: 'Authenticator app',
  lookup_secret: 'Backup recovery codes',
  webauthn: 'Security keys',
  passkey: 'Passkeys',
  oidc: 'Other ways to log in',
  code: 'Code',
};

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

const isHidden = (n: UiNode) => isInputNode(n) && n.attributes.type === 'hidden';
const isButton = (n: UiNode) =>
  isInputNode(n) && (n.attributes.type === 'submit' || n.attributes.type === 'button');

/** The Yup schema of the inputs a submit of `group` sends (spec §5: a valid e-mail, every required field). */
export function schemaFor(nodes: readonly UiNode[], group: string | undefined): AnySchema {
  const shape: Record<string, AnySchema> = {};
  for (const n of nodes) {
    if (!isInputNode(n) || isHidden(n) || isButton(n) || n.attributes.disabled) continue;
    if (group && n.group !== 'default' && n.group !== group) continue;
    const label = nodeLabel(n);
    let s = string();
    if (
      n.attributes.type === 'email' ||
      n.attributes.autocomplete === 'email' ||
      n.attributes.name.endsWith('email')
    )
      s = s.matches(EMAIL_PATTERN, {
        message: 'Please enter a valid e-mail address.',
        excludeEmptyString: true,
      });
    if (n.attributes.required && n.attributes.type !== 'checkbox')
      s = s.required(`Please complete all fields: ${label} is missing.`);
    shape[n.attributes.name] = s;
  }
  return object(shape);
}

function yupErrors(schema: AnySchema, values: FormValues): FormikErrors<FormValues> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (e) {
    const errors: FormikErrors<FormValues> = {};
    if (e instanceof ValidationError)
      for (const inner of e.inner) {
        // Yup writes a key with dots as `["traits.email"]`.
        const path = inner.path?.replace(/^\["(.*)"\]$/, '$1');
        if (path && !errors[path]) errors[path] = inner.message;
      }
    return errors;
  }
}

/** Formik treats dots as paths (`traits.email` → `{traits: {email}}`): nest the flow's names in, flatten them out. */
function nest(flat: FormValues): Record<string, unknown> {
  let out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(flat)) out = setIn(out, k, v);
  return out;
}
export function flatten(values: Record<string, unknown>, prefix = ''): FormValues {
  const out: FormValues = {};
  for (const [k, v] of Object.entries(values)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v))
      Object.assign(out, flatten(v as Record<string, unknown>, key));
    else if (typeof v === 'string' || typeof v === 'boolean') out[key] = v;
  }
  return out;
}

const fieldId = (prefix: string, name: string) => `${prefix}-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

/**
 * Loads a flow's script node (e.g. the WebAuthn helper) once, with its integrity and nonce: only from the console or
 * an allow-listed origin, and only with a Subresource Integrity hash (see allowedScript).
 */
function FlowScript({ node, policy }: { node: UiNode; policy: RedirectPolicy }) {
  const a = node.attributes as ScriptAttributes;
  useEffect(() => {
    const allowed = allowedScript(a, policy);
    if (!allowed || (allowed.id && document.getElementById(allowed.id))) return;
    const el = document.createElement('script');
    el.src = allowed.src;
    if (allowed.id) el.id = allowed.id;
    el.integrity = allowed.integrity;
    if (allowed.nonce) el.nonce = allowed.nonce;
    if (allowed.crossorigin) el.crossOrigin = allowed.crossorigin;
    if (allowed.referrerpolicy) el.referrerPolicy = allowed.referrerpolicy;
    if (allowed.type) el.type = allowed.type;
    el.async = allowed.async ?? true;
    document.body.appendChild(el);
    return () => el.remove();
    // The attributes are compared one by one: a new node object with the same attributes keeps the script.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [a.src, a.id, a.integrity, a.nonce, a.crossorigin, a.referrerpolicy, a.type, a.async, policy]);
  return null;
}

function NodeMessages({ id, messages, extra }: { id: string; messages: readonly UiText[]; extra?: string }) {
  const list = [
    ...messages.map((m) => ({ text: identityText(m), error: m.type === 'error' })),
    ...(extra ? [{ text: extra, error: true }] : []),
  ];
  return (
    <div id={id} className="auth__field-messages" aria-live="polite">
      {list.map((m, i) => (
        <p key={i} className={m.error ? 'auth__field-error' : 'auth__field-info'}>
          {m.text}
        </p>
      ))}
    </div>
  );
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
  const submitter = useRef<{ name: string; value: string | boolean; group: string } | null>(null);
  const initial = useMemo(
    () => nest({ ...initialValues(nodes), ...(localFields?.initial ?? {}) }),
    [nodes, localFields?.initial],
  );
  // A password typed into the form never outlives the flow it was sent with: every flow the service answers (a save,
  // a validation error) clears password fields, as the service never echoes them. Reinitialising alone would not do
  // it, since the new flow's initial values usually equal the old ones.
  const formik = useRef<FormikProps<Record<string, unknown>>>(null);
  useEffect(() => {
    for (const n of flow.ui.nodes)
      if (isInputNode(n) && n.attributes.type === 'password')
        void formik.current?.setFieldValue(n.attributes.name, '', false);
  }, [flow]);
  // Provider sign-in leaves the console: it is a plain form post to the flow's action (spec §7 "the flow action plus
  // provider"), so the identity service itself sends the browser on to the provider.
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
        (n) => n.group === 'oidc' && isInputNode(n) && n.attributes.type === 'submit',
      ) as InputNode[],
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
          const emailGate = nodes.find(
            (n) => isInputNode(n) && n.attributes.name === 'identifier' && n.attributes.type === 'email',
          ) as InputNode | undefined;
          const passwordHidden = Boolean(emailGate) && !isEmail(String(values.identifier ?? ''));
          const renderNode = (n: UiNode, i: number): ReactNode => {
            const key = `${n.group}-${i}`;
            if (passwordHidden && n.group === 'password') return null;
            switch (n.attributes.node_type) {
              case 'input': {
                const node = n as InputNode;
                const { name, type, disabled, required, autocomplete, pattern, maxlength } = node.attributes;
                const id = fieldId(idPrefix, name);
                if (type === 'hidden')
                  return (
                    <input key={key} type="hidden" name={name} value={String(values[name] ?? '')} readOnly />
                  );
                if (type === 'submit' || type === 'button') {
                  const value = String(node.attributes.value ?? '');
                  const isProvider = n.group === 'oidc' || name === 'provider';
                  const label =
                    isProvider && !n.meta?.label ? `Log in with ${providerName(value)}` : nodeLabel(n);
                  const resend = name === 'email' && n.group === 'code';
                  const waiting = resend && resendIn > 0;
                  const trigger = (node.attributes as { onclickTrigger?: string }).onclickTrigger;
                  return (
                    <div key={key} className="auth__button-row">
                      <button
                        type={trigger ? 'button' : 'submit'}
                        name={name}
                        value={value}
                        className={isProvider || resend ? 'button auth__provider' : 'button button--primary'}
                        disabled={busy || disabled || waiting}
                        data-provider={isProvider ? value : undefined}
                        onClick={() => {
                          const raw = node.attributes.value;
                          submitter.current = {
                            name,
                            value: typeof raw === 'boolean' ? raw : value,
                            group: n.group,
                          };
                          // WebAuthn: the identity service's script defines the trigger on window; only the
                          // contract's trigger names are ever called.
                          if (trigger) runTrigger(trigger, value);
                        }}
                      >
                        {label}
                      </button>
                      {resend ? (
                        <span className="auth__cooldown" role="status" aria-live="polite">
                          {waiting ? `You can resend the code in ${resendIn} s.` : ''}
                        </span>
                      ) : null}
                    </div>
                  );
                }
                const error = submitCount > 0 ? (errors[name] as string | undefined) : undefined;
                const described = `${id}-messages`;
                if (type === 'checkbox') {
                  return (
                    <div key={key} className="auth__field auth__field--checkbox">
                      <input
                        id={id}
                        type="checkbox"
                        name={name}
                        checked={values[name] === true}
                        disabled={busy || disabled}
                        onChange={(e) => void setFieldValue(name, e.target.checked)}
                        aria-describedby={described}
                      />
                      <label htmlFor={id}>{nodeLabel(n)}</label>
                      <NodeMessages id={described} messages={n.messages ?? []} extra={error} />
                    </div>
                  );
                }
                return (
                  <div key={key} className="auth__field">
                    <label htmlFor={id}>
                      {nodeLabel(n)}
                      {required ? <span aria-hidden="true"> *</span> : null}
                    </label>
                    <input
                      id={id}
                      name={name}
                      type={
                        type === 'email' ||
                        type === 'password' ||
                        type === 'tel' ||
                        type === 'number' ||
                        type === 'url'
                          ? type
                          : 'text'
                      }
                      value={String(values[name] ?? '')}
                      onChange={(e) => void setFieldValue(name, e.target.value)}
                      disabled={busy || disabled}
                      required={required}
                      autoComplete={autocomplete}
                      inputMode={autocomplete === 'one-time-code' ? 'numeric' : undefined}
                      pattern={pattern}
                      maxLength={maxlength}
                      aria-invalid={Boolean(error) || (n.messages ?? []).some((m) => m.type === 'error')}
                      aria-describedby={described}
                    />
                    {afterInput?.(node, values)}
                    <NodeMessages id={described} messages={n.messages ?? []} extra={error} />
                  </div>
                );
              }
              case 'img': {
                const a = n.attributes as { src: string; width?: number; height?: number; id?: string };
                const src = a.src.startsWith('data:image/') ? a.src : checkRedirect(a.src, policy);
                return src ? (
                  <img
                    key={key}
                    id={a.id}
                    className="auth__image"
                    src={src}
                    alt={nodeLabel(n) || 'Image'}
                    width={a.width}
                    height={a.height}
                  />
                ) : null;
              }
              case 'text': {
                const a = n.attributes as { id?: string; text: UiText };
                const secrets = (a.text.context as { secrets?: UiText[] } | undefined)?.secrets;
                return (
                  <div key={key} className="auth__text" id={a.id}>
                    {n.meta?.label ? <p>{nodeLabel(n)}</p> : null}
                    {secrets ? (
                      <ul className="auth__codes">
                        {secrets.map((s, j) => (
                          <li key={j}>
                            <code>{identityText(s)}</code>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <code className="auth__secret">{identityText(a.text)}</code>
                    )}
                  </div>
                );
              }
              case 'a': {
                const a = n.attributes as { href: string; title: UiText; id?: string };
                const href = checkRedirect(a.href, policy);
                return href ? (
                  <a key={key} id={a.id} className="button" href={href}>
                    {identityText(a.title)}
                  </a>
                ) : null;
              }
              case 'script':
                return <FlowScript key={key} node={n} policy={policy} />;
              default:
                return null;
            }
          };
          // Fields of the screen's own (e.g. accept terms) go just before the first submit button.
          let localRendered = !localFields;
          const local = () => {
            if (localRendered) return null;
            localRendered = true;
            return (
              <div key="local-fields">
                {localFields?.render(
                  values,
                  submitCount > 0 ? errors : {},
                  (name, value) => void setFieldValue(name, value),
                )}
              </div>
            );
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
        <form
          className="auth__providers"
          action={providerAction}
          method="POST"
          aria-label={GROUP_TITLES.oidc}
        >
          <input type="hidden" name="csrf_token" value={csrfToken(flow.ui) ?? ''} readOnly />
          {providers.map((n, i) => {
            const value = String(n.attributes.value ?? '');
            return (
              <button
                key={i}
                type="submit"
                name={n.attributes.name}
                value={value}
                className="button auth__provider"
                data-provider={value}
                disabled={busy || n.attributes.disabled}
              >
                {n.meta?.label ? nodeLabel(n) : `Log in with ${providerName(value)}`}
              </button>
            );
          })}
        </form>
      ) : null}
    </>
  );
}
