/**
 * Certificates made through the API for tests that need one to exist (alerts, metrics): a root authority and
 * server certificates under it that end in a chosen number of days.
 */
import type { Agent } from './harness';

/** Creates a root authority (EC P-256, ten years); answers its id. */
export async function createRootCa(admin: Agent, name: string): Promise<string> {
  const res = await admin.post('/api/pki/cas', {
    name,
    key_type: 'ec-p256',
    subject: { common_name: name },
    validity_days: 3650,
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

/** Issues a server certificate for `name` under `caId`, ending in `days`; answers its id. */
export async function issueServerCertificate(
  admin: Agent,
  caId: string,
  name: string,
  days: number,
): Promise<string> {
  const res = await admin.post('/api/pki/certificates', {
    ca_id: caId,
    profile: 'server',
    subject: { common_name: name },
    sans: { dns: [name] },
    validity_days: days,
    key_type: 'ec-p256',
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}
