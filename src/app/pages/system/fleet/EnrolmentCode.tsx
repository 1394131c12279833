/** The one-time enrolment code of the appliance just added, with what its admin needs; forgotten once closed. */
import type { AddedFleetAppliance } from '../../../../shared/contracts/fleetEnrolment';
import { useAppDispatch } from '../../../../store/createStore';
import { resourceLoaded } from '../../../../store/slices/resources.slice';
import { useResource } from '../../../../store/useResource';
import { Modal } from '../../../../widgets/Modal';
import { CopyButton } from './CopyButton';
import { ADDED_APPLIANCE_KEY } from './resources';
import { formatWhen } from './states';

export function EnrolmentCode() {
  const { data } = useResource<AddedFleetAppliance | null>(ADDED_APPLIANCE_KEY, { skip: true });
  const dispatch = useAppDispatch();
  if (!data?.code) return null;
  // Closing forgets the code: the store keeps no copy of it.
  const close = () => dispatch(resourceLoaded({ key: ADDED_APPLIANCE_KEY, data: null }));
  const rows: Array<[string, string, string]> = [
    ['Enrolment code', data.code, 'the enrolment code'],
    ['Enrolment address', data.enrol_address, 'the enrolment address'],
    ['Fleet CA fingerprint (SHA-256)', data.ca_fingerprint_sha256, 'the fingerprint'],
  ];
  return (
    <Modal
      open
      title={`Enrolment of "${data.appliance.name}"`}
      onClose={close}
      footer={
        <button type="button" className="button button--primary" onClick={close}>
          Done
        </button>
      }
    >
      <p className="page__notice" role="note">
        Shown once: copy the code now. It cannot be shown again; if it is lost, remove the appliance and add
        it again.
      </p>
      <dl className="fleet-code">
        {rows.map(([label, value, what]) => (
          <div key={label} className="fleet-code__row">
            <dt>{label}</dt>
            <dd>
              <code>{value}</code> <CopyButton value={value} what={what} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="config-section__description">
        On the appliance: System → Fleet → Join a fleet, paste the three values. The code is valid until{' '}
        {formatWhen(data.code_expires_at)} and works once.
      </p>
    </Modal>
  );
}
