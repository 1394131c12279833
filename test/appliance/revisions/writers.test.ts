/**
 * Writing the rest of the configuration document (issue 29): dynamic DNS, layout, update settings, sign-up, alerts,
 * groups… each section a document changes is written and seen through the area's own page, recorded as a revision that
 * a revert puts back; an unchanged document plans to nothing; a bad entity is a 422 naming it, nothing changed; a secret
 * is only ever named by reference.
 */
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';
import { documentHelpers, type Entity } from './support';

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
}, 60_000);
afterAll(() => h.close());

const { latest, applyChange, revert, plansNothing, refused } = documentHelpers(() => ({
  h,
  admin,
}));

describe('dynamic DNS', () => {
  const accounts = async () =>
    (await admin.get('/api/dns/dynamic')).json().accounts as Array<Entity & { id: number }>;
  let id: string;
  beforeAll(async () => {
    const res = await admin.post('/api/dns/dynamic/accounts', {
      provider: 'duckdns',
      hostname: 'home.duckdns.org',
      username: '',
      update_url: '',
      ip_source: 'web',
      check_url: '',
      interface: '',
      interval_seconds: 300,
      ttl: 60,
      enabled: true,
      secret: 'token-1',
    });
    expect(res.statusCode).toBe(201);
    id = `account:${String(res.json().id)}`;
  });

  it('changes an account from the document, keeping its token, and a revert puts it back', async () => {
    const revision = await applyChange((doc) => {
      Object.assign(doc.sections['dns.dynamic'][id], { interval_seconds: 900, ttl: 120 });
    });
    expect((await latest()).summary).toMatch(/Dynamic DNS account home\.duckdns\.org/);
    expect((await accounts())[0]).toMatchObject({ interval_seconds: 900, ttl: 120, has_secret: true });
    await plansNothing();
    await revert(revision);
    expect((await accounts())[0]).toMatchObject({ interval_seconds: 300, ttl: 60, has_secret: true });
  });

  it('adds an account that needs no secret; one that needs a secret it does not have is refused clearly', async () => {
    const custom = {
      provider: 'custom',
      hostname: 'nas.example.net',
      username: '',
      update_url: 'https://dyn.example.net/update?ip=%IP%&key=abc',
      ip_source: 'web',
      check_url: '',
      interface: '',
      interval_seconds: 600,
      ttl: 300,
      enabled: false,
      secret: null,
    };
    await applyChange((doc) => {
      doc.sections['dns.dynamic']['account:50'] = custom;
    });
    expect(await accounts()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 50, hostname: 'nas.example.net' })]),
    );
    // A new DuckDNS account has no token to keep, and the document cannot carry one.
    const duck = { ...custom, provider: 'duckdns', hostname: 'cabin.duckdns.org', update_url: '' };
    await refused(
      (doc) => {
        doc.sections['dns.dynamic']['account:51'] = duck;
      },
      ['body', 'sections', 'dns.dynamic', 'account:51', 'secret'],
      'value_error.missing',
    );
    const copied = await refused(
      (doc) => {
        doc.sections['dns.dynamic']['account:51'] = {
          ...duck,
          secret: doc.sections['dns.dynamic'][id].secret,
        };
      },
      ['body', 'sections', 'dns.dynamic', 'account:51', 'secret'],
      'value_error.config.read_only',
    );
    expect(copied.msg).toMatch(/add it on the Dynamic DNS page/);
  });

  it('refuses a bad account with nothing changed', async () => {
    await refused(
      (doc) => {
        doc.sections['dns.dynamic'][id].ttl = 5;
      },
      ['body', 'sections', 'dns.dynamic', id, 'ttl'],
    );
  });
});

describe('layout', () => {
  const settings = async () => (await admin.get('/api/config/settings')).json() as Entity;
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  beforeAll(async () => {
    const put = await admin.put('/api/config/login_logo', PNG, {
      'content-type': 'application/octet-stream',
    });
    expect(put.statusCode).toBe(200);
  });

  it('changes the colours and title from the document, keeping the images it leaves out; a revert puts them back', async () => {
    const was = await settings();
    const revision = await applyChange((doc) => {
      const layout = doc.sections['settings.layout'];
      layout.colours = { ...layout.colours, primary_color: '#aa3300', login_title: 'Branch office' };
      delete layout['image:login_logo'];
    });
    expect(await settings()).toMatchObject({
      primary_color: '#aa3300',
      login_title: 'Branch office',
      images: { login_logo: true },
    });
    expect((await admin.get('/api/config/login_logo')).rawPayload).toEqual(PNG);
    await plansNothing();
    await revert(revision);
    expect(await settings()).toEqual(was);
  });

  it('refuses a bad colour and an image the document would change, with nothing changed', async () => {
    await refused(
      (doc) => {
        doc.sections['settings.layout'].colours.bar_color = 'dark blue';
      },
      ['body', 'sections', 'settings.layout', 'colours', 'bar_color'],
    );
    const image = await refused(
      (doc) => {
        doc.sections['settings.layout']['image:bar_logo'] = {
          ...doc.sections['settings.layout']['image:login_logo'],
          slot: 'bar_logo',
        };
      },
      ['body', 'sections', 'settings.layout', 'image:bar_logo'],
      'value_error.config.read_only',
    );
    expect(image.msg).toMatch(/upload it on the Layout page/);
  });
});

describe('update settings', () => {
  const status = async () => (await admin.get('/api/updates')).json() as Entity;

  it('changes the repository, channel and schedule from the document; a revert puts them back', async () => {
    const was = await status();
    const revision = await applyChange((doc) => {
      const updates = doc.sections['updates.settings'];
      updates.settings = { repository: 'https://updates.example.net/rampart', channel: 'beta' };
      updates.schedule = { enabled: true, day: 'sun', time: '04:30' };
    });
    expect(await status()).toMatchObject({
      repository: 'https://updates.example.net/rampart',
      repository_is_default: false,
      channel: 'beta',
      schedule: { enabled: true, day: 'sun', time: '04:30' },
    });
    await plansNothing();
    await revert(revision);
    expect(await status()).toMatchObject({
      repository: was.repository,
      channel: was.channel,
      schedule: was.schedule,
    });
  });

  it('refuses a repository URL with credentials, a bad time and a trusted key, with nothing changed', async () => {
    await refused(
      (doc) => {
        doc.sections['updates.settings'].settings.repository = 'https://me:secret@updates.example.net/';
      },
      ['body', 'sections', 'updates.settings', 'settings', 'repository'],
      'value_error.update.repository',
    );
    await refused(
      (doc) => {
        doc.sections['updates.settings'].schedule.time = '25:00';
      },
      ['body', 'sections', 'updates.settings', 'schedule', 'time'],
    );
    await refused(
      (doc) => {
        doc.sections['updates.settings']['trusted_key:mine'] = { name: 'mine', fingerprint: 'ab12' };
      },
      ['body', 'sections', 'updates.settings', 'trusted_key:mine'],
      'value_error.config.read_only',
    );
  });
});

describe('self-service sign-up', () => {
  const policy = async () => (await admin.get('/api/authentication/signup')).json() as Entity;

  it('limits sign-up to domains from the document; a revert puts the policy back', async () => {
    const was = await policy();
    const revision = await applyChange((doc) => {
      doc.sections['authentication.signup'].signup = {
        mode: 'domains',
        allowed_domains: ['Example.COM', '*.example.net'],
      };
    });
    expect(await policy()).toEqual({ mode: 'domains', allowed_domains: ['example.com', '*.example.net'] });
    await plansNothing();
    await revert(revision);
    expect(await policy()).toEqual(was);
  });

  it('refuses a bad domain and a domains policy naming none, with nothing changed', async () => {
    await refused(
      (doc) => {
        doc.sections['authentication.signup'].signup = { mode: 'domains', allowed_domains: ['not a domain'] };
      },
      ['body', 'sections', 'authentication.signup', 'signup', 'allowed_domains', 0],
      'value_error.domain',
    );
    await refused(
      (doc) => {
        doc.sections['authentication.signup'].signup = { mode: 'domains', allowed_domains: [] };
      },
      ['body', 'sections', 'authentication.signup', 'signup', 'allowed_domains'],
      'value_error.domains_required',
    );
  });
});

describe('alerts', () => {
  const thresholds = async () => (await admin.get('/api/alerts/settings')).json() as Entity;
  const channels = async () =>
    (await admin.get('/api/alerts/channels')).json().data as Array<Entity & { id: number }>;
  let hook: string;
  beforeAll(async () => {
    const res = await admin.post('/api/alerts/channels', {
      name: 'Pager',
      type: 'webhook',
      enabled: true,
      min_severity: 'warning',
      kinds: [],
      url: 'https://hooks.example.net/rampart',
      secret: 'a-long-signing-secret-0123',
    });
    expect(res.statusCode).toBe(201);
    hook = `channel:${String(res.json().id)}`;
  });

  it('changes the thresholds from the document; a revert puts them back', async () => {
    const was = await thresholds();
    const revision = await applyChange((doc) => {
      doc.sections['settings.alert_settings'].thresholds = { expiry_days: [14, 3], lockout_threshold: 9 };
    });
    expect(await thresholds()).toEqual({ expiry_days: [14, 3], lockout_threshold: 9 });
    await plansNothing();
    await revert(revision);
    expect(await thresholds()).toEqual(was);
  });

  it('changes a webhook keeping its sealed secret and adds an e-mail channel; a revert puts them back', async () => {
    const revision = await applyChange((doc) => {
      const section = doc.sections['settings.alert_channels'];
      Object.assign(section[hook], { name: 'Night pager', min_severity: 'critical' });
      section['channel:40'] = {
        name: 'Ops mail',
        type: 'email',
        enabled: true,
        min_severity: 'info',
        kinds: [],
        recipients: ['ops@example.net'],
        url: null,
        secret: null,
      };
    });
    expect(await channels()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Night pager', min_severity: 'critical', has_secret: true }),
        expect.objectContaining({ id: 40, name: 'Ops mail', recipients: ['ops@example.net'] }),
      ]),
    );
    await plansNothing();
    await revert(revision);
    const after = await channels();
    expect(after).toEqual([
      expect.objectContaining({ name: 'Pager', min_severity: 'warning', has_secret: true }),
    ]);
  });

  it('refuses a bad threshold, a new channel with a secret it does not have and a moved signed webhook', async () => {
    await refused(
      (doc) => {
        doc.sections['settings.alert_settings'].thresholds = { expiry_days: [0], lockout_threshold: 5 };
      },
      ['body', 'sections', 'settings.alert_settings', 'thresholds', 'expiry_days', '0'],
    );
    const copied = await refused(
      (doc) => {
        const section = doc.sections['settings.alert_channels'];
        section['channel:41'] = { ...section[hook], name: 'Copy' };
      },
      ['body', 'sections', 'settings.alert_channels', 'channel:41', 'secret'],
      'value_error.config.read_only',
    );
    expect(copied.msg).toMatch(/signing secret cannot be set from a configuration document: add it/);
    await refused(
      (doc) => {
        doc.sections['settings.alert_channels'][hook].url = 'https://elsewhere.example.net/';
      },
      ['body', 'sections', 'settings.alert_channels', hook, 'url'],
    );
    await refused(
      (doc) => {
        doc.sections['settings.alert_channels']['channel:42'] = {
          name: 'Bad mail',
          type: 'email',
          enabled: true,
          min_severity: 'info',
          kinds: [],
          recipients: ['not an address'],
          url: null,
          secret: null,
        };
      },
      ['body', 'sections', 'settings.alert_channels', 'channel:42', 'recipients', 0],
      'value_error.email',
    );
  });
});

describe('groups', () => {
  const groups = async () =>
    (await admin.get('/api/groups?per_page=100')).json().data as Array<
      Entity & { id: number; members: Array<{ username: string }> }
    >;

  it('adds a group with members by name and privileges; a revert removes it', async () => {
    const revision = await applyChange((doc) => {
      doc.sections['authentication.groups']['group:30'] = {
        name: 'DNS operators',
        description: 'Look after the resolver',
        members: ['admin'],
        privileges: { dns: 'write', pki: 'read' },
      };
    });
    expect(await groups()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: 30,
          name: 'DNS operators',
          members: [expect.objectContaining({ username: 'admin' })],
          privileges: { dns: 'write', pki: 'read' },
        }),
      ]),
    );
    await plansNothing();
    await revert(revision);
    expect((await groups()).some((g) => g.name === 'DNS operators')).toBe(false);
  });

  it('refuses an unknown member and an unknown privilege area, with nothing changed', async () => {
    const group = { name: 'Auditors', description: '', members: ['nobody-here'], privileges: {} };
    const unknown = await refused(
      (doc) => {
        doc.sections['authentication.groups']['group:31'] = group;
      },
      ['body', 'sections', 'authentication.groups', 'group:31', 'members', 0],
      'value_error.not_found',
    );
    expect(unknown.msg).toBe('no account is called "nobody-here"');
    await refused(
      (doc) => {
        doc.sections['authentication.groups']['group:31'] = {
          ...group,
          members: [],
          privileges: { everything: 'write' },
        };
      },
      ['body', 'sections', 'authentication.groups', 'group:31', 'privileges', 'everything'],
    );
  });
});

it('still refuses renaming an account, saying why, with nothing changed', async () => {
  const detail = await refused(
    (doc) => {
      const accounts = doc.sections['authentication.accounts'];
      const [id] = Object.keys(accounts);
      accounts[id].username = 'someone-else';
    },
    ['body', 'sections', 'authentication.accounts', expect.stringMatching(/^account:/)],
    'value_error.config.read_only',
  );
  expect(detail.msg).toMatch(
    /^Account [\w-]+: the user name cannot be changed by a configuration document or a revert: change it on the Users page$/,
  );
});
