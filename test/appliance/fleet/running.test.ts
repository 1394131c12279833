/**
 * The fleet's pipeline follows the settings in the running console: turning "Manage other appliances" on runs the
 * manager's consumer on the embedded nats-server (the state bucket and the events stream exist), turning it off
 * stops the consumer and the server, and turning it on again resumes the same durable consumer. Stopping the console
 * leaves nothing connected or dialling (Jest would not exit).
 */
import { fleetOf } from '../../../src/appliance/fleet';
import { startManager, type Manager } from './enrolSupport';

jest.setTimeout(120_000);

let m: Manager;
beforeAll(async () => {
  m = await startManager();
});
afterAll(() => m?.h.close());

/** The stored settings as the form sends them back. */
const settings = async () => {
  const s = (await m.admin.get('/api/fleet/settings')).json().settings;
  const { manage, nats, public_host, listen_address, nats_port, enrol_port, external_url } = s;
  return { manage, nats, public_host, listen_address, nats_port, enrol_port, external_url };
};

it('runs the consumer while the fleet is managed, and stops it with the fleet', async () => {
  const fleet = fleetOf(m.h.ctx)!;
  expect(fleet.consumer.running).not.toBeNull();
  // Connected to the fleet's own server: the stream it reads is there, nothing pending.
  expect(await fleet.consumer.running!.pending()).toBe(0);

  const off = await m.admin.put('/api/fleet/settings', { ...(await settings()), manage: false });
  expect(off.statusCode).toBe(200);
  expect(fleet.consumer.running).toBeNull();
  expect((await m.admin.get('/api/fleet/service')).json()).toMatchObject({ status: 'stopped' });

  const on = await m.admin.put('/api/fleet/settings', { ...(await settings()), manage: true });
  expect(on.statusCode).toBe(200);
  expect(on.json().status.problem).toBeNull();
  expect(fleet.consumer.running).not.toBeNull();
  expect(await fleet.consumer.running!.pending()).toBe(0);
});
