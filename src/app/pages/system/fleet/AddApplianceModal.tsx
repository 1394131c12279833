/**
 * "Add appliance": its name and optional group; the appliance answers a one-time enrolment code, kept under its own
 * key and shown once (EnrolmentCode) with the enrolment address and the Fleet CA's fingerprint.
 */
import { addFleetAppliance } from '../../../../shared/contracts/fleetEnrolment';
import { rulesModule } from '../../../forms/lazyRules';
import { saveOf } from '../../../../store/slices/resources.slice';
import { FormModal } from '../../common/FormModal';
import { TextField } from '../../common/config/fields';
import { widgetRulesOf } from '../../../forms/fieldRules';
import { addFleetApplianceBody } from '../../../../shared/contracts/fleetEnrolment';
import { ADDED_APPLIANCE_KEY, FLEET_APPLIANCES_KEY, FLEET_SUMMARY_KEY } from './resources';

const addRules = rulesModule(() => import('./fleetRules').then((m) => m.addApplianceSchema));
const NAME = widgetRulesOf(addFleetApplianceBody, 'name');
const GROUP = widgetRulesOf(addFleetApplianceBody, 'group');

interface Values {
  name: string;
  group: string;
}

export function AddApplianceModal({ onClose }: { onClose: () => void }) {
  return (
    <FormModal<Values>
      title="Add appliance"
      submitLabel="Add"
      initialValues={{ name: '', group: '' }}
      rules={addRules}
      toSave={(v) =>
        saveOf({
          endpoint: addFleetAppliance,
          key: FLEET_APPLIANCES_KEY,
          body: { name: v.name.trim(), ...(v.group.trim() ? { group: v.group.trim() } : {}) },
          resultKey: ADDED_APPLIANCE_KEY,
          refresh: [FLEET_SUMMARY_KEY],
        })
      }
      onClose={onClose}
    >
      {() => (
        <>
          <TextField name="name" label="Name" {...NAME} />
          <TextField name="group" label="Group (optional)" {...GROUP} />
          <p className="config-section__description">
            The appliance gets a one-time enrolment code, shown once: its admin pastes it under System → Fleet
            → Join a fleet.
          </p>
        </>
      )}
    </FormModal>
  );
}
