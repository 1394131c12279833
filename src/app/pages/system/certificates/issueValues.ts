/** What the issue dialog edits: shared by the dialog and its rules. */
import type { KeyType } from '../../../../shared/contracts/pki';

export interface IssueValues {
  ca_id: string;
  profile: 'server' | 'client';
  name: string;
  subject: { common_name: string; organization: string };
  dns: string[];
  ip: string[];
  key_type: KeyType;
  validity_days: string;
  crl: boolean;
}
