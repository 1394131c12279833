/**
 * The system contract describes what the real server answers: network preferences, updates, the look-and-feel
 * settings and images, and the home page's summary conform to their closed response schemas.
 */
import {
  dashboardSummary,
  preferencesAnswer,
  publicSettings,
  savedImage,
  savedUiSettings,
  updateStatus,
} from '../../../src/shared/contracts/system';
import { expectConforms } from '../support/contracts';
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';

let h: Harness;
let admin: Agent;

beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
});
afterAll(() => h.close());

const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200) => {
  const r = await res;
  expect({ status: r.statusCode, body: r.statusCode === status ? '' : r.body }).toEqual({ status, body: '' });
  return r.json() as Record<string, unknown>;
};

it('answers the network preferences as the contract says, before and after a save', async () => {
  expectConforms(preferencesAnswer, await ok(admin.get('/api/network/preferences')));
  const saved = await ok(
    admin.put('/api/network/preferences', {
      hostname: 'gateway',
      domain: 'example.com',
      dns_servers: ['192.0.2.53', '2001:db8::53'],
      ntp_servers: ['pool.ntp.org'],
      timezone: 'Europe/Paris',
    }),
  );
  expect(saved.saved).toBe(true);
  expectConforms(preferencesAnswer, saved);
});

it('answers the update status as the contract says, after the settings and schedule change', async () => {
  expectConforms(updateStatus, await ok(admin.get('/api/updates')));
  expectConforms(
    updateStatus,
    await ok(admin.put('/api/updates/settings', { repository: null, channel: 'beta' })),
  );
  expectConforms(
    updateStatus,
    await ok(admin.put('/api/updates/schedule', { enabled: true, day: 'sun', time: '02:30' })),
  );
});

it('answers the look-and-feel settings and images as the contract says', async () => {
  expectConforms(publicSettings, await ok(admin.get('/api/config/settings')));
  expectConforms(
    savedUiSettings,
    await ok(
      admin.put('/api/config/settings', { primary_color: '#196ecd', bar_color: '#222', login_title: 'Gate' }),
    ),
  );
  expectConforms(
    savedUiSettings,
    await ok(admin.put('/api/config/settings', { primary_color: '#196ecd', bar_color: '#222' })),
  );
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('rest'),
  ]);
  expectConforms(
    savedImage,
    await ok(
      admin.request({
        method: 'PUT',
        url: '/api/config/bar_logo',
        payload: png,
        headers: { 'content-type': 'image/png' },
      }),
    ),
  );
  const settings = await ok(admin.get('/api/config/settings'));
  expect(settings.images).toMatchObject({ bar_logo: true });
  expectConforms(publicSettings, settings);
  expectConforms(publicSettings, await ok(admin.request({ method: 'DELETE', url: '/api/config/settings' })));
});

it("answers the home page's summary as the contract says", async () => {
  const summary = await ok(admin.get('/api/dashboard'));
  expect(Object.keys(summary)).toEqual(
    expect.arrayContaining(['host', 'updates', 'certificates', 'sign_ins']),
  );
  expectConforms(dashboardSummary, summary);
});
