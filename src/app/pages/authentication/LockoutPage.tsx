/**
 * /authentication/lockout: how many failed sign-ins within which window lock a name for how long (counted per name
 * and client address; the appliance also has a per-name ceiling), and the queue of names locked now with the time
 * left, each unlockable.
 */
import { Form, Formik } from 'formik';
import { useEffect } from 'react';
import { object } from 'yup';
import { formatDateTime } from '../../../lib/format';
import { fieldSchema } from '../../../lib/validation/yup';
import { DataTable } from '../../../widgets/DataTable';
import { PageHeader } from '../../../widgets/PageHeader';
import { useResource, useResourceSave } from '../../../store/useResource';
import { DirtyGuard, FormDirtyReporter } from '../common/config/DirtyGuard';
import { TextField } from '../common/config/fields';
import {
  LOCKOUT_POLICY_KEY,
  LOCKOUTS_KEY,
  SIMULATION_KEY,
  type LockoutEntry,
  type LockoutPolicy,
  type LockoutSimulation,
} from './types';
import '../common/config/config.css';

export const LOCKOUT_TITLE = 'Lockout';

/** The appliance's bounds (src/appliance/auth/lockout.ts LOCKOUT_LIMITS). */
const ATTEMPTS = { validators: ['integer'] as const, min: 1, max: 100, required: true };
const SECONDS = { validators: ['integer'] as const, min: 1, max: 86400, required: true };

interface Values {
  attempts: string;
  window_seconds: string;
  duration_seconds: string;
}

const schema = object({
  attempts: fieldSchema(ATTEMPTS, 'Attempts'),
  window_seconds: fieldSchema(SECONDS, 'Window'),
  duration_seconds: fieldSchema(SECONDS, 'Duration'),
});

const toBody = (v: Values): LockoutPolicy => ({
  attempts: Number(v.attempts),
  window_seconds: Number(v.window_seconds),
  duration_seconds: Number(v.duration_seconds),
});

const minutes = (s: number) => (s < 60 ? `${s} s` : `${Math.ceil(s / 60)} min`);

export function LockoutPage() {
  const policy = useResource<LockoutPolicy>(LOCKOUT_POLICY_KEY);
  const queue = useResource<{ data: LockoutEntry[] }>(LOCKOUTS_KEY);
  const save = useResourceSave();
  const unlock = useResourceSave();
  const simulate = useResourceSave();
  const simulation = useResource<LockoutSimulation | null>(SIMULATION_KEY, { skip: true }).data;
  useEffect(() => {
    document.title = `${LOCKOUT_TITLE} · Rampart`;
  }, []);
  const p = policy.data;
  const locks = queue.data?.data ?? [];
  return (
    <DirtyGuard>
      <section className="page config-page" aria-label={LOCKOUT_TITLE}>
        <PageHeader
          title={LOCKOUT_TITLE}
          actionDescription="How many failed sign-ins lock a name, and for how long. Failures count per name and client address, so a guesser locks out only their own address."
          secondaryButton={{ label: 'Refresh queue', onClick: queue.reload }}
        />
        <section className="config-section" aria-label="Policy">
          <h2>Policy</h2>
          {p ? (
            <Formik<Values>
              initialValues={{
                attempts: String(p.attempts),
                window_seconds: String(p.window_seconds),
                duration_seconds: String(p.duration_seconds),
              }}
              enableReinitialize
              validationSchema={schema}
              onSubmit={(v) => {
                save.save({
                  key: LOCKOUT_POLICY_KEY,
                  method: 'PUT',
                  path: LOCKOUT_POLICY_KEY,
                  body: toBody(v),
                  message: 'Lockout policy saved.',
                });
              }}
            >
              {({ dirty, values, isValid }) => (
                <Form noValidate className="config-form">
                  <FormDirtyReporter id="lockout-policy" />
                  <TextField name="attempts" label="Failed attempts" {...ATTEMPTS} />
                  <TextField name="window_seconds" label="Within (seconds)" {...SECONDS} />
                  <TextField name="duration_seconds" label="Lock for (seconds)" {...SECONDS} />
                  <div className="config-form__actions">
                    <button
                      type="submit"
                      className="button button--primary"
                      disabled={!dirty || save.pending}
                    >
                      Save
                    </button>
                    <button
                      type="button"
                      className="button"
                      disabled={!isValid || simulate.pending}
                      onClick={() => {
                        simulate.save({
                          key: LOCKOUTS_KEY,
                          method: 'POST',
                          path: 'users/lockout-simulation',
                          body: toBody(values),
                          resultKey: SIMULATION_KEY,
                        });
                      }}
                    >
                      Preview on recent failures
                    </button>
                  </div>
                </Form>
              )}
            </Formik>
          ) : null}
        </section>
        {simulation ? (
          <section className="config-section" aria-label="Preview">
            <h2>Preview</h2>
            <p role="status">
              {simulation.locks.length
                ? `Over ${simulation.failures} failed sign-ins since ${formatDateTime(simulation.since)}, this policy would have locked:`
                : `Over ${simulation.failures} failed sign-ins since ${formatDateTime(simulation.since)}, this policy would have locked nobody.`}
            </p>
            {simulation.locks.length ? (
              <ul>
                {simulation.locks.map((l) => (
                  <li key={`${l.username}@${l.source}@${l.locked_at}`}>
                    {l.username} from {l.source} at {formatDateTime(l.locked_at, { seconds: true })}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}
        <section className="config-section" aria-label="Locked now">
          <DataTable
            caption="Locked now"
            showCaption
            legend={[{ title: 'Name' }, { title: 'Source' }, { title: 'Time left', width: 120 }]}
            rows={locks.map((l) => ({
              id: `${l.username}@${l.source ?? '*'}`,
              items: [
                { value: l.username },
                { value: l.source ?? 'every address' },
                { value: minutes(l.seconds_left), sortValue: l.seconds_left },
              ],
              actions: [{ id: 'unlock', value: 'Unlock', icon: '🔓', type: 'labelled' }],
            }))}
            loading={queue.status === 'loading'}
            searchLabel="Search locked names"
            emptyMessage="Nobody is locked out."
            onRowAction={(rowId, action) => {
              const lock = locks.find((l) => `${l.username}@${l.source ?? '*'}` === rowId);
              if (action !== 'unlock' || !lock) return;
              unlock.save({
                key: LOCKOUTS_KEY,
                method: 'DELETE',
                path: `${LOCKOUTS_KEY}/${encodeURIComponent(lock.username)}`,
                message: `"${lock.username}" unlocked.`,
                refresh: ['users'],
              });
            }}
          />
        </section>
      </section>
    </DirtyGuard>
  );
}
