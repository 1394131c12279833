/** Verifiable and recovery addresses. */
import type { Db } from '../../storage/sqlite';
import { type AddressRecord, type AddressRow, toAddress } from './records';

export class AddressTable {
  constructor(readonly db: Db) {}

  verifiableAddresses(identityId: string): AddressRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM verifiable_addresses WHERE identity_id = ? ORDER BY created_at')
        .all(identityId) as AddressRow[]
    ).map(toAddress);
  }

  findVerifiableAddress(value: string): AddressRecord | null {
    const row = this.db
      .prepare("SELECT * FROM verifiable_addresses WHERE via = 'email' AND value = ?")
      .get(value.toLowerCase()) as AddressRow | undefined;
    return row ? toAddress(row) : null;
  }

  markAddressSent(value: string, now: number): void {
    this.db
      .prepare(
        "UPDATE verifiable_addresses SET status = 'sent', updated_at = ? WHERE value = ? AND verified = 0",
      )
      .run(now, value.toLowerCase());
  }

  markAddressVerified(value: string, now: number): void {
    this.db
      .prepare(
        "UPDATE verifiable_addresses SET verified = 1, status = 'completed', verified_at = ?, updated_at = ? WHERE value = ? AND verified = 0",
      )
      .run(now, now, value.toLowerCase());
  }

  recoveryAddresses(
    identityId: string,
  ): Array<{ id: string; value: string; via: string; created_at: number; updated_at: number }> {
    return this.db
      .prepare(
        'SELECT id, value, via, created_at, updated_at FROM recovery_addresses WHERE identity_id = ? ORDER BY created_at',
      )
      .all(identityId) as Array<{
      id: string;
      value: string;
      via: string;
      created_at: number;
      updated_at: number;
    }>;
  }

  findRecoveryAddress(value: string): { identityId: string } | null {
    const row = this.db
      .prepare("SELECT identity_id FROM recovery_addresses WHERE via = 'email' AND value = ?")
      .get(value.toLowerCase()) as { identity_id: string } | undefined;
    return row ? { identityId: row.identity_id } : null;
  }
}
