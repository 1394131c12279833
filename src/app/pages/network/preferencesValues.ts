/** What the network preferences form edits: shared by the page, its rules and its field list. */
export interface PreferencesValues {
  hostname: string;
  domain: string;
  dns_servers: string;
  ntp_servers: string;
  timezone: string;
}
