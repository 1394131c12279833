/**
 * Session lifetimes of the embedded identity service: a session ends after the configured idle time without its
 * owner's requests (asking whoami does not count) and at its absolute end, which follows the configuration.
 */
import { sha256 } from '../../src/identity-service/repo';
import {
  Client,
  logIn,
  signUpVerified,
  startHarness,
  startMailBox,
  type Harness,
  type MailBox,
} from './support';

jest.setTimeout(30_000);

let mailbox: MailBox;
let h: Harness;
let client: Client;
const email = 'idle-owner@example.test';

beforeAll(async () => {
  mailbox = await startMailBox();
  h = await startHarness({ smtpUrl: mailbox.url });
  await signUpVerified(new Client(h.app), mailbox, email);
});
afterAll(async () => {
  await h.close();
  await mailbox.close();
});

/** Moves the session's last request `seconds` into the past (direct SQL on the service's database file). */
const idleFor = (seconds: number) => {
  const token = client.jar.get('ory_kratos_session') ?? '';
  const moved = h.sql(
    'UPDATE sessions SET last_seen_at = last_seen_at - ? WHERE token_hash = ? RETURNING id',
    seconds * 1000,
    sha256(token),
  );
  expect(moved).toHaveLength(1);
};

const whoami = () => client.get('/identity/sessions/whoami');

it('gives a session the configured absolute lifetime', async () => {
  client = new Client(h.app);
  await logIn(client, email);
  const session = (await whoami()).json;
  const lifetime = Date.parse(session.expires_at) - Date.parse(session.issued_at);
  expect(lifetime).toBe(h.config.sessionMaxSeconds * 1000);
});

it('ends a session idle for longer than the idle timeout; asking whoami does not keep it alive', async () => {
  client = new Client(h.app);
  await logIn(client, email);
  const idle = h.config.sessionIdleSeconds;
  idleFor(idle - 30);
  expect((await whoami()).status).toBe(200);
  // whoami was not activity: 31 s more and the session is over.
  idleFor(31);
  const res = await whoami();
  expect(res.status).toBe(401);
  expect(res.json.error.id).toBe('session_inactive');
});

it('counts a self-service request of the owner as activity', async () => {
  client = new Client(h.app);
  await logIn(client, email);
  const idle = h.config.sessionIdleSeconds;
  idleFor(idle - 30);
  expect((await client.init('settings')).status).toBe(200);
  idleFor(idle - 30);
  expect((await whoami()).status).toBe(200);
});
