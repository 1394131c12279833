import { ConfigError, defaults, loadConfig, publicConfig } from '../../config';

describe('config', () => {
  test('defaults run everything embedded on port 8080 in production', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      env: 'production',
      embedded: true,
      apiBase: '/api/',
      renderMode: 'redirect',
      passwordHashCost: 'owasp',
    });
  });

  test('environment variables override defaults', () => {
    const c = loadConfig({
      RAMPART_PORT: '9000',
      RAMPART_API_BASE: 'https://appliance.example/api',
      RAMPART_PANEL_CUSTOM: 'true',
      RAMPART_PANEL_CUSTOM_LABEL: 'Branch',
      RAMPART_MESSAGING_MODE: 'x',
      RAMPART_PASSWORD_HASH_COST: 'minimal',
    });
    expect(c.port).toBe(9000);
    expect(c.apiBase).toBe('https://appliance.example/api/');
    expect(c.panels).toEqual({ ...defaults.panels, custom: true, customLabel: 'Branch' });
    expect(c.messagingMode).toBe('x');
    expect(c.passwordHashCost).toBe('minimal');
  });

  test.each([
    ['RAMPART_PORT', '80a', 'port'],
    ['RAMPART_PORT', '70000', 'port'],
    ['RAMPART_ENV', 'staging', 'env'],
    ['RAMPART_BEARER_MODE', 'maybe', 'bearerMode'],
    ['RAMPART_API_BASE', 'javascript:alert(1)', 'apiBase'],
    ['RAMPART_PUBLIC_URL', 'https://x.example/path', 'publicUrl'],
    ['RAMPART_SMTP_URL', 'http://mail', 'smtpUrl'],
    ['RAMPART_RENDER_MODE', 'ssr', 'renderMode'],
    ['RAMPART_PASSWORD_HASH_COST', 'low', 'passwordHashCost'],
    ['RAMPART_REDIRECT_ORIGINS', 'https://ok.example, javascript:alert(1)', 'redirectOrigins'],
    ['RAMPART_REDIRECT_ORIGINS', 'https://id.example/path', 'redirectOrigins'],
    ['RAMPART_REDIRECT_ORIGINS', 'https://console@evil.example', 'redirectOrigins'],
    ['RAMPART_REDIRECT_ORIGINS', '//evil.example', 'redirectOrigins'],
  ])('%s=%s stops with one line naming the key', (variable, value, key) => {
    let error: unknown;
    try {
      loadConfig({ [variable]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain(key);
    expect(message).toContain(variable);
    expect(message).toMatch(/allowed/);
  });

  test('RAMPART_REDIRECT_ORIGINS lists origins, normalised and without duplicates', () => {
    expect(loadConfig({}).redirectOrigins).toEqual([]);
    const c = loadConfig({
      RAMPART_REDIRECT_ORIGINS: 'https://ID.example:4433/, http://sso.example https://id.example:4433',
    });
    expect(c.redirectOrigins).toEqual(['https://id.example:4433', 'http://sso.example']);
    expect(publicConfig(c).redirectOrigins).toEqual(c.redirectOrigins);
  });

  test('the public config carries no server-only keys', () => {
    const pub = publicConfig(loadConfig({ RAMPART_SMTP_URL: 'smtp://u:secret@mail:25' }));
    expect(JSON.stringify(pub)).not.toContain('secret');
    expect(pub).not.toHaveProperty('dataDir');
    expect(pub).not.toHaveProperty('smtpUrl');
  });
});
