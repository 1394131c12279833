/** One-time codes: RFC 6238 TOTP (30 s steps, 6 digits) with one step of clock drift and replay protection. */
import { generateSecret, generate, verify } from 'otplib';

export const TOTP_STEP_S = 30;
/** Accepted clock drift: one step either way. */
const TOLERANCE_S = 30;

export const newTotpSecret = (): string => generateSecret();

export const totpCode = (secret: string, epochSeconds?: number): Promise<string> =>
  generate(epochSeconds === undefined ? { secret } : { secret, epoch: epochSeconds });

/**
 * The time step of a valid code, or null. A code of a step at or before `lastStep` (already used) is refused, so a
 * code cannot be replayed.
 */
export async function verifyTotp(
  secret: string,
  token: string,
  lastStep: number,
  nowS: number,
): Promise<number | null> {
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      epoch: nowS,
      epochTolerance: TOLERANCE_S,
      afterTimeStep: lastStep,
    });
    if (!result.valid) return null;
    const step =
      Math.floor(nowS / TOTP_STEP_S) +
      ('delta' in result && typeof result.delta === 'number' ? result.delta : 0);
    return step;
  } catch {
    return null;
  }
}
