import fs from 'node:fs';
import path from 'node:path';
import type { JobProgress } from '../../../src/appliance/jobs/runner';
import { adminAgent, startServer, tempDataDir } from '../support/harness';

it('rolls back at the next start when the confirmation deadline passed while the server was down', async () => {
  const dataDir = tempDataDir();
  let h = await startServer({ dataDir, config: { applyConfirmSeconds: 1 } });
  const admin = await adminAgent(h);
  const settings = (await admin.get('/api/ssh/config')).json().settings;
  await admin.put('/api/ssh/config/settings', { ...settings, password_authentication: false });
  const job: JobProgress = (await admin.post('/api/ssh/config/apply')).json();
  for (let i = 0; i < 100 && (await admin.get(`/api/jobs/${job.id}`)).json().status === 'running'; i += 1)
    await new Promise((r) => setTimeout(r, 50));
  expect((await admin.get('/api/apply/confirmations')).json().data[0].changes).toEqual([
    'password authentication',
  ]);
  await h.close();
  await new Promise((r) => setTimeout(r, 1200));

  h = await startServer({ dataDir, config: { applyConfirmSeconds: 1 } });
  try {
    const config = fs.readFileSync(path.join(dataDir, 'etc', 'ssh', 'sshd_config'), 'utf8');
    expect(config).toContain('PasswordAuthentication yes');
    const row = h.ctx.db.prepare('SELECT status FROM apply_confirmations').get() as { status: string };
    expect(row.status).toBe('rolled_back');
  } finally {
    await h.close();
  }
});
