import {
  allowedOrigins,
  checkRedirect,
  safeRedirect,
  type RedirectPolicy,
} from '../../src/identity/redirects';

const local: RedirectPolicy = { origin: 'https://console.example', identityBase: '/identity' };
const external: RedirectPolicy = {
  origin: 'https://console.example',
  identityBase: 'https://id.example:4433/',
};

describe('redirect safety', () => {
  it.each([
    ['/', '/'],
    ['/settings/?flow=1', '/settings/?flow=1'],
    ['https://console.example/dns/proxy#x', '/dns/proxy#x'],
    ['relative/path', '/relative/path'],
    ['/identity/self-service/logout?token=t', '/identity/self-service/logout?token=t'],
  ])('allows %j on the console origin → %j', (target, expected) => {
    expect(checkRedirect(target, local)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://console.example.evil.example/',
    'http://console.example/', // another scheme is another origin
    'https://id.example:4433/self-service/logout', // not configured for this policy
    '/ok\nLocation: https://evil.example',
    '',
    null,
    undefined,
    'x'.repeat(5000),
  ])('refuses %j', (target) => {
    expect(checkRedirect(target, local)).toBeNull();
  });

  it('allows the configured external identity origin, keeping the full address', () => {
    expect(checkRedirect('https://id.example:4433/self-service/logout?token=a', external)).toBe(
      'https://id.example:4433/self-service/logout?token=a',
    );
    expect(checkRedirect('https://id.example/self-service/logout', external)).toBeNull(); // other port
    expect(allowedOrigins(external)).toEqual(['https://console.example', 'https://id.example:4433']);
  });

  it('falls back and logs a refused target', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(safeRedirect('https://evil.example/', local, '/login/')).toBe('/login/');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('refused redirect'), {
      target: 'https://evil.example/',
    });
    warn.mockClear();
    expect(safeRedirect('/dns/proxy', local)).toBe('/dns/proxy');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
