/**
 * "Join a fleet" (admins only): the code, address and fingerprint the managing console's admin handed over; the
 * appliance makes its own key and asks the fleet to admit it. Once joined, the membership is shown instead.
 */
import { Formik } from 'formik';
import { useId } from 'react';
import {
  joinFleet,
  joinFleetBody,
  type FleetMembershipView,
} from '../../../../shared/contracts/fleetEnrolment';
import { useResourceSave } from '../../../../store/useResource';
import { Form } from '../../../forms/Form';
import { widgetRulesOf } from '../../../forms/fieldRules';
import { rulesModule, useRules } from '../../../forms/lazyRules';
import { TextField } from '../../common/config/fields';
import { WritableFieldset, useReadOnly } from '../../common/config/ReadOnly';
import { Facts } from '../common/Facts';
import { FLEET_MEMBERSHIP_KEY } from './resources';
import { formatWhen } from './states';

const joinRules = rulesModule(() => import('./fleetRules').then((m) => m.joinFleetSchema));
const CODE = widgetRulesOf(joinFleetBody, 'code');
const ADDRESS = widgetRulesOf(joinFleetBody, 'address');
const FINGERPRINT = widgetRulesOf(joinFleetBody, 'fingerprint');

export function JoinFleetSection({ membership }: { membership: FleetMembershipView | null | undefined }) {
  const headingId = useId();
  const { save, pending } = useResourceSave();
  const rules = useRules(joinRules);
  const readOnly = useReadOnly();
  return (
    <section className="config-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{membership ? 'Member of a fleet' : 'Join a fleet'}</h2>
      {membership ? (
        <Facts
          items={[
            ['Appliance id', <code key="id">{membership.appliance_id}</code>],
            ['NATS', membership.nats_url],
            ['Fleet CA fingerprint (SHA-256)', <code key="f">{membership.ca_fingerprint_sha256}</code>],
            ['Joined', formatWhen(membership.joined_at)],
            ['Certificate valid until', formatWhen(membership.certificate_not_after)],
          ]}
        />
      ) : (
        <>
          <p className="config-section__description">
            Paste what the managing console showed when this appliance was added. The key is made here and
            never leaves this appliance.
          </p>
          <Formik
            initialValues={{ code: '', address: '', fingerprint: '' }}
            validationSchema={rules.module}
            onSubmit={(v) =>
              void save({
                endpoint: joinFleet,
                key: FLEET_MEMBERSHIP_KEY,
                body: { code: v.code.trim(), address: v.address.trim(), fingerprint: v.fingerprint.trim() },
                message: 'This appliance joined the fleet.',
              })
            }
          >
            {() => (
              <Form noValidate className="config-form" onFocus={rules.fetch}>
                <WritableFieldset>
                  <TextField name="code" label="Enrolment code" autoComplete="off" {...CODE} />
                  <TextField
                    name="address"
                    label="Enrolment address"
                    placeholder="https://fleet.example.net:4223"
                    {...ADDRESS}
                  />
                  <TextField name="fingerprint" label="Fleet CA fingerprint (SHA-256)" {...FINGERPRINT} />
                  <div className="config-form__actions">
                    <button type="submit" className="button button--primary" disabled={pending || readOnly}>
                      Join
                    </button>
                  </div>
                </WritableFieldset>
              </Form>
            )}
          </Formik>
        </>
      )}
    </section>
  );
}
