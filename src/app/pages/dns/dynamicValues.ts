/** What the dynamic DNS account form edits: shared by the page, its rules and its secret binding. */
export interface AccountValues {
  provider: string;
  hostname: string;
  username: string;
  secret: string;
  update_url: string;
  ip_source: string;
  check_url: string;
  interface: string;
  interval_seconds: string;
  ttl: string;
  enabled: boolean;
  /** What the stored secret was saved for (null without one): not sent, it tells when the secret must be retyped. */
  stored_binding: string | null;
}
