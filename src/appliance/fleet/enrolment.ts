/**
 * Redeeming an enrolment code (the enrolment listener's `POST /enrol`): the code is looked up by its hash, must be
 * unused and unexpired, and is claimed before the CSR is signed, so two requests with one code cannot both enrol.
 * The PKI signs the request under the Fleet CA with the subject the manager chooses (`CN=rampart-appliance-<id>`,
 * the appliance's NATS identity), after its key policy and the request's own signature. Wrong guesses are counted
 * per source address like sign-ins (too many: 429 with Retry-After).
 */
import { auditText } from '../audit';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { offered } from '../offers';
import { AttemptCounter } from '../../service-kit/attemptCounter';
import type { EnrolAnswer, EnrolBody } from '../../shared/contracts/fleetEnrolment';
import { addHistory, codeHash, type ApplianceRow } from './appliances';
import { applianceIdentity } from './subjects';

/** Failed codes one source address may send in a window (a code has 144 random bits: this bounds the noise). */
export const ENROL_ATTEMPTS = { points: 10, windowSeconds: 15 * 60 };
const APPLIANCE_CERT_DAYS = 825;

const codeError = (status: 409 | 422, msg: string, type: string) =>
  new HttpError(status, [{ loc: ['body', 'code'], msg, type }]);

export interface EnrolContext {
  ctx: ApplianceContext;
  caId: () => string | null;
  natsUrl: () => string;
  /** After an appliance became a NATS user (the configuration is rewritten and the server reloaded). */
  admitted: () => Promise<void>;
  attempts: AttemptCounter;
}

export function enrolAttempts(ctx: ApplianceContext): AttemptCounter {
  return new AttemptCounter(ctx.db, 'fleet_enrol_attempts', 'enrol', ENROL_ATTEMPTS);
}

export async function enrol(e: EnrolContext, body: EnrolBody, source: string): Promise<EnrolAnswer> {
  const { ctx } = e;
  const caId = e.caId();
  if (!caId)
    throw new HttpError(409, [
      { loc: ['body'], msg: 'this console manages no fleet', type: 'value_error.fleet.off' },
    ]);
  // Counted first, given back when the code was right: parallel guesses cannot all pass the check.
  const take = await e.attempts.take(source);
  if (!take.ok)
    throw new HttpError(
      429,
      `Too many enrolment attempts from this address; try again in ${take.retryAfter} s`,
      {
        'Retry-After': String(take.retryAfter),
      },
    );
  const now = ctx.now();
  const row = ctx.db
    .prepare('SELECT * FROM fleet_appliances WHERE code_hash = ?')
    .get(codeHash(body.code)) as ApplianceRow | undefined;
  if (!row) throw codeError(422, 'this enrolment code is not known here: check it', 'value_error.fleet.code');
  if (row.state === 'removed')
    throw codeError(
      409,
      'this appliance was removed from the fleet: its code no longer works',
      'value_error.fleet.code_used',
    );
  if (row.state !== 'pending')
    throw codeError(
      409,
      'this enrolment code was used already: add the appliance again for a new one',
      'value_error.fleet.code_used',
    );
  if (row.code_expires_at === null || row.code_expires_at <= now)
    throw codeError(
      422,
      'this enrolment code has expired: add the appliance again for a new one',
      'value_error.fleet.code_expired',
    );
  // The code was right: it is not a guess, whatever the CSR turns out to be.
  await e.attempts.refund(source);
  const claimed = ctx.db
    .prepare("UPDATE fleet_appliances SET state = 'enrolling' WHERE id = ? AND state = 'pending'")
    .run(row.id);
  if (claimed.changes === 0)
    throw codeError(
      409,
      'this enrolment code was used already: add the appliance again for a new one',
      'value_error.fleet.code_used',
    );
  let issued;
  try {
    issued = await offered(
      ctx,
      'pkiSignCsr',
    )({
      caId,
      csrPem: body.csr,
      profile: 'client',
      subject: applianceIdentity(row.id),
      validityDays: APPLIANCE_CERT_DAYS,
      name: `Fleet appliance ${row.name}`.slice(0, 128),
      by: `fleet enrolment of ${row.id}`,
    });
  } catch (err) {
    // The request was refused (weak key, bad signature): the code stays usable for a good one.
    inTransaction(ctx.db, () => {
      ctx.db
        .prepare("UPDATE fleet_appliances SET state = 'pending' WHERE id = ? AND state = 'enrolling'")
        .run(row.id);
      addHistory(ctx.db, row.id, now, 'refused', `certificate request refused: ${refusal(err)}`, source);
    });
    ctx.audit.record(
      'fleet',
      `enrolment of appliance "${auditText(row.name)}" (${row.id}) refused: ${auditText(refusal(err))}`,
      {
        outcome: 'failure',
      },
    );
    throw err;
  }
  inTransaction(ctx.db, () => {
    ctx.db
      .prepare(
        `UPDATE fleet_appliances SET state = 'enrolled', enrolled_at = ?, cert_id = ?, cert_serial = ?, cert_not_after = ?
         WHERE id = ?`,
      )
      .run(now, issued.id, issued.serial, issued.notAfter, row.id);
    addHistory(ctx.db, row.id, now, 'enrolled', `certificate ${issued.serial} issued`, source);
  });
  ctx.audit.record(
    'fleet',
    `appliance "${auditText(row.name)}" (${row.id}) enrolled from ${auditText(source)}`,
  );
  await e.admitted();
  return {
    applianceId: row.id,
    certificate: issued.pem,
    caChain: offered(ctx, 'pkiCaPems')(caId).join(''),
    natsUrl: e.natsUrl(),
  };
}

function refusal(err: unknown): string {
  if (err instanceof HttpError && Array.isArray(err.detail)) return err.detail.map((i) => i.msg).join('; ');
  return err instanceof Error ? err.message : 'refused';
}
