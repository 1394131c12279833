/** What the alert forms and their rules (thresholdsRules.ts, channelRules.ts) both read. */
import { channelBody } from '../../../shared/contracts/alerts';

/** The thresholds form's steps as typed ("60, 30, 7, 1"). */
export const stepsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** A channel's signing secret: at least this long (the body schema's). */
export const SECRET_MIN = (channelBody.properties.secret as { minLength: number }).minLength;
