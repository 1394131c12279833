/** Where the fleet pages keep what they read: the resource keys of the fleet contract's endpoints. */
import { keyOf } from '../../../../shared/contracts/endpoint';
import {
  getFleetAppliance,
  getFleetMembership,
  getFleetSettings,
  getFleetSummary,
  listFleetAppliances,
} from '../../../../shared/contracts/fleetEnrolment';

export const FLEET_APPLIANCES_KEY = keyOf(listFleetAppliances);
export const fleetApplianceKey = (id: string) => keyOf(getFleetAppliance, { id });
export const FLEET_SUMMARY_KEY = keyOf(getFleetSummary);
export const FLEET_SETTINGS_KEY = keyOf(getFleetSettings);
export const FLEET_MEMBERSHIP_KEY = keyOf(getFleetMembership);
/** The answer of "Add appliance" (its one-time code), kept until its dialog is closed. */
export const ADDED_APPLIANCE_KEY = 'fleet/appliances#added';
