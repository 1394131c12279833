/**
 * Self-service sign-up (on /authentication/services): whether end users may create their own accounts with the
 * identity service — anyone, only addresses at listed domains, or nobody. Authentication readers see it; only
 * admins change it (the appliance writes it for the identity service, which enforces it). The domain entries are
 * checked as the appliance checks them (src/shared/signupPolicy.ts), so a typo shows before Save.
 */
import { Field, Formik } from 'formik';
import { rulesModule, useRules } from '../../forms/lazyRules';
import type { SignupMode, SignupPolicy } from '../../../shared/signupPolicy';
import { useEndpoint, useResourceSave } from '../../../store/useResource';
import { getSignupPolicy, putSignupPolicy } from '../../../shared/contracts/authentication';
import { useIsAdmin } from '../../../store/usePrivilege';
import { Form } from '../../forms/Form';
import { ListField, SaveDiscardActions, SavedReset } from '../common/config/fields';
import { SIGNUP_KEY } from './resources';

const MODES: ReadonlyArray<{ mode: SignupMode; label: string; description: string }> = [
  { mode: 'open', label: 'Anyone', description: 'Anyone with an e-mail address may create an account.' },
  {
    mode: 'domains',
    label: 'Only addresses at these domains',
    description: 'example.com allows that domain only; *.example.com allows its subdomains.',
  },
  {
    mode: 'closed',
    label: 'Nobody (sign-up is closed)',
    description: 'The sign-up links are hidden; accounts come from administrators or a provider link only.',
  },
];

// The form's Yup rules come with it (lazyRules.ts).
const signupRules = rulesModule(() => import('./signupRules'));

export function SignupSection() {
  const rules = useRules(signupRules);
  const { data } = useEndpoint(getSignupPolicy);
  const save = useResourceSave();
  const isAdmin = useIsAdmin();
  return (
    <section className="config-section" aria-label="Self-service sign-up">
      <h2>Self-service sign-up</h2>
      <p>Who may create their own account on the sign-up page, by password or through an OpenID provider.</p>
      {isAdmin ? null : (
        <p className="page__notice" role="status">
          You can view this setting but not change it: only administrators decide who may sign up.
        </p>
      )}
      {data ? (
        <Formik<SignupPolicy>
          initialValues={data}
          enableReinitialize
          validationSchema={rules.module?.signupSchema}
          onSubmit={(v) => {
            save.save({
              key: SIGNUP_KEY,
              endpoint: putSignupPolicy,
              body: { mode: v.mode, allowed_domains: v.allowed_domains.map((d) => d.trim()) },
              message: 'Sign-up setting saved.',
            });
          }}
        >
          {({ values }) => (
            <Form noValidate className="config-form" onFocus={rules.fetch}>
              <SavedReset status={save.status} />
              <fieldset className="config-fieldset" disabled={!isAdmin}>
                <fieldset className="config-field config-choices">
                  <legend>Who may sign up</legend>
                  {MODES.map((m) => (
                    <div key={m.mode}>
                      <label>
                        <Field
                          type="radio"
                          name="mode"
                          value={m.mode}
                          aria-describedby={`signup-mode-${m.mode}`}
                        />{' '}
                        {m.label}
                      </label>
                      <p id={`signup-mode-${m.mode}`} className="config-section__description">
                        {m.description}
                      </p>
                    </div>
                  ))}
                </fieldset>
                {values.mode === 'domains' ? (
                  <ListField
                    name="allowed_domains"
                    label="Allowed e-mail domains"
                    placeholder="e.g. example.com or *.example.com"
                  />
                ) : null}
              </fieldset>
              {isAdmin ? <SaveDiscardActions saveLabel="Save" pending={save.pending} /> : null}
            </Form>
          )}
        </Formik>
      ) : null}
    </section>
  );
}
