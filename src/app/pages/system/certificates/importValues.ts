/** What the import dialog edits: shared by the dialog and its rules. */
export interface ImportValues {
  kind: 'pem' | 'pkcs12';
  name: string;
  certificate: string;
  private_key: string;
  passphrase: string;
  pkcs12: string;
  password: string;
}
