/**
 * /authentication/lockout: how many failed sign-ins within which window lock a name for how long (counted per name
 * and client address), the per-account rule (failures from every address), the optional per-source rule (failures
 * of one address over every name), allow-listed networks that are never locked, and the queue of names locked now
 * with the time left, each unlockable. A stricter policy is kept only when confirmed (the "Keep changes" banner);
 * otherwise the appliance restores the previous one.
 */
import { Formik } from 'formik';
import { Form } from '../../forms/Form';
import { useEffect } from 'react';
import { widgetRulesOf } from '../../forms/fieldRules';
import { rulesModule, useRules } from '../../forms/lazyRules';
import { confirmationsCheckRequested } from '../../../store/slices/confirmations.actions';
import { SIGN_IN_SERVICE_LABEL } from '../../../shared/signIns';
import { formatDateTime } from '../../../lib/format';
import { DataTable } from '../../../widgets/DataTable';
import { PageHeader } from '../../../widgets/PageHeader';
import { useAppDispatch } from '../../../store/createStore';
import { useEndpoint, useResource, useResourceSave } from '../../../store/useResource';
import { DirtyGuard, FormDirtyReporter } from '../common/config/DirtyGuard';
import { CheckboxField, ListField, TextField } from '../common/config/fields';
import { inArea, ReadOnlyNotice, WritableFieldset, useReadOnly } from '../common/config/ReadOnly';
import { LOCKOUT_POLICY_KEY, LOCKOUTS_KEY, SIMULATION_KEY } from './resources';
import {
  getLockoutPolicy,
  lockoutPolicyBody,
  putLockoutPolicy,
  simulateLockoutPolicy,
  type LockoutEntry,
  type LockoutPolicy,
  type LockoutSimulation,
  getLockouts,
  unlockName,
  unlockSource,
} from '../../../shared/contracts/authentication';
import '../common/config/config.css';
import { UnlockIcon } from '../../../widgets/icons';
import { historyOf } from '../history/link';

export const LOCKOUT_TITLE = 'Lockout';

export interface LockoutValues {
  attempts: string;
  window_seconds: string;
  duration_seconds: string;
  account_attempts: string;
  account_window_seconds: string;
  source_enabled: boolean;
  source_attempts: string;
  source_window_seconds: string;
  allow_list: string[];
}

/** Every bound is the body schema's (src/shared/contracts/authentication.ts); the Yup rules come with the form. */
const widget = (field: string) => widgetRulesOf(lockoutPolicyBody, field);
const lockoutRules = rulesModule(() => import('./lockoutRules'));

export const toValues = (p: LockoutPolicy): LockoutValues => ({
  attempts: String(p.attempts),
  window_seconds: String(p.window_seconds),
  duration_seconds: String(p.duration_seconds),
  account_attempts: String(p.account?.attempts ?? 50),
  account_window_seconds: String(p.account?.window_seconds ?? 900),
  source_enabled: Boolean(p.source),
  source_attempts: String(p.source?.attempts ?? 30),
  source_window_seconds: String(p.source?.window_seconds ?? 900),
  allow_list: p.allow_list ?? [],
});

const toPolicyBody = (v: LockoutValues): LockoutPolicy => ({
  ...toBody(v),
  account: { attempts: Number(v.account_attempts), window_seconds: Number(v.account_window_seconds) },
  source: v.source_enabled
    ? { attempts: Number(v.source_attempts), window_seconds: Number(v.source_window_seconds) }
    : null,
  allow_list: v.allow_list,
});

/** The (account, address) rule alone: what the simulator replays. */
const toBody = (v: LockoutValues) => ({
  attempts: Number(v.attempts),
  window_seconds: Number(v.window_seconds),
  duration_seconds: Number(v.duration_seconds),
});

/** A lock is one per name and address, whichever services saw its failures. */
const lockId = (l: LockoutEntry) => `${l.username ?? '*'}@${l.source ?? '*'}`;
/** Where a lock applies: an address, or every address. */
const lockSource = (l: Pick<LockoutEntry, 'source'>) => (l.source === null ? 'every address' : l.source);
/** Which entry points saw the failures behind a lock: `console (3), SSH (2)`. */
const seenBy = (l: LockoutEntry) =>
  (l.services ?? []).map((s) => `${SIGN_IN_SERVICE_LABEL[s.service]} (${s.failures})`).join(', ') || '—';

const minutes = (s: number) => (s < 60 ? `${s} s` : `${Math.ceil(s / 60)} min`);

export const LockoutPage = inArea('authentication', Lockout);

function Lockout() {
  const rules = useRules(lockoutRules);
  const dispatch = useAppDispatch();
  const readOnly = useReadOnly();
  const policy = useEndpoint(getLockoutPolicy);
  const queue = useEndpoint(getLockouts);
  const save = useResourceSave();
  const unlock = useResourceSave();
  const simulate = useResourceSave();
  const simulation = useResource<LockoutSimulation | null>(SIMULATION_KEY, { skip: true }).data;
  const p = policy.data;
  const locks = queue.data?.data ?? [];
  // A stricter policy opened a confirmation window: show its "Keep changes" banner now.
  useEffect(() => {
    if (save.status === 'done') dispatch(confirmationsCheckRequested());
  }, [save.status, dispatch]);
  return (
    <DirtyGuard>
      <section className="page config-page" aria-label={LOCKOUT_TITLE}>
        <PageHeader
          history={historyOf('authentication')}
          title={LOCKOUT_TITLE}
          actionDescription="How many failed sign-ins lock a name, and for how long. Failures count per name and client address, so a guesser locks out only their own address."
          secondaryButton={{ label: 'Refresh queue', onClick: queue.reload }}
        />
        <ReadOnlyNotice />
        <section className="config-section" aria-label="Policy">
          <h2>Policy</h2>
          {p ? (
            <Formik<LockoutValues>
              initialValues={toValues(p)}
              enableReinitialize
              validationSchema={rules.module?.lockoutSchema}
              onSubmit={(v) => {
                save.save({
                  key: LOCKOUT_POLICY_KEY,
                  endpoint: putLockoutPolicy,
                  body: toPolicyBody(v),
                  message: 'Lockout policy saved.',
                });
              }}
            >
              {({ dirty, values, isValid }) => (
                <Form noValidate className="config-form" onFocus={rules.fetch}>
                  <FormDirtyReporter id="lockout-policy" />
                  <WritableFieldset>
                    <h3>Per account and address</h3>
                    <TextField name="attempts" label="Failed attempts" {...widget('attempts')} />
                    <TextField name="window_seconds" label="Within (seconds)" {...widget('window_seconds')} />
                    <TextField
                      name="duration_seconds"
                      label="Lock for (seconds)"
                      {...widget('duration_seconds')}
                    />
                    <h3>Per account, from every address</h3>
                    <TextField
                      name="account_attempts"
                      label="Attempts of one account"
                      {...widget('account.attempts')}
                      info="Then the account is refused from every address for the rest of the window."
                    />
                    <TextField
                      name="account_window_seconds"
                      label="Account window (seconds)"
                      {...widget('account.window_seconds')}
                    />
                    <h3>Per source address, over every account</h3>
                    <CheckboxField
                      name="source_enabled"
                      label="Limit failures per source address"
                      description="Stops one address trying many names."
                    />
                    {values.source_enabled ? (
                      <>
                        <TextField
                          name="source_attempts"
                          label="Attempts of one address"
                          {...widget('source.attempts')}
                        />
                        <TextField
                          name="source_window_seconds"
                          label="Source window (seconds)"
                          {...widget('source.window_seconds')}
                        />
                      </>
                    ) : null}
                    <ListField
                      name="allow_list"
                      label="Allow-listed networks (never locked)"
                      placeholder="e.g. 192.168.10.0/24 or 2001:db8::/48"
                    />
                    <p className="config-section__description">
                      A stricter policy (fewer attempts, longer windows or locks, a new per-source rule, a
                      network taken off the list) must be kept within the confirmation time, or the previous
                      one returns.
                    </p>
                  </WritableFieldset>
                  <div className="config-form__actions">
                    <button
                      type="submit"
                      className="button button--primary"
                      disabled={!dirty || save.pending || readOnly}
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
                          endpoint: simulateLockoutPolicy,
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
                  <li key={`${l.username}@${l.source}@${l.service}@${l.locked_at}`}>
                    {l.username} from {lockSource(l)}
                    {l.service ? ` (last failure: ${SIGN_IN_SERVICE_LABEL[l.service]})` : ''} at{' '}
                    {formatDateTime(l.locked_at, { seconds: true })}
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
            legend={[
              { title: 'Name' },
              { title: 'Source' },
              { title: 'Failures seen by' },
              { title: 'Time left', width: 120 },
            ]}
            rows={locks.map((l) => ({
              id: lockId(l),
              items: [
                { value: l.username ?? 'every name' },
                { value: lockSource(l) },
                { value: seenBy(l) },
                { value: minutes(l.seconds_left), sortValue: l.seconds_left },
              ],
              actions: readOnly
                ? []
                : [{ id: 'unlock', value: 'Unlock', icon: <UnlockIcon />, type: 'labelled' }],
            }))}
            loading={queue.status === 'loading'}
            searchLabel="Search locked names"
            emptyMessage="Nobody is locked out."
            onRowAction={(rowId, action) => {
              const lock = locks.find((l) => lockId(l) === rowId);
              if (action !== 'unlock' || !lock) return;
              // A name is unlocked everywhere; an address locked for every name by the per-source rule, alone.
              const done = {
                key: LOCKOUTS_KEY,
                message: `"${lock.username ?? lock.source}" unlocked.`,
                refresh: ['users'],
              };
              if (lock.username !== null)
                unlock.save({ endpoint: unlockName, params: { name: lock.username }, ...done });
              else if (lock.source)
                unlock.save({ endpoint: unlockSource, params: { address: lock.source }, ...done });
            }}
          />
        </section>
      </section>
    </DirtyGuard>
  );
}
