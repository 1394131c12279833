/** The browser's side of the redirect policy: the console's allow-list and the logged fallback. */
import {
  allowedOrigins,
  checkRedirect,
  consoleRedirectPolicy,
  safeRedirect,
} from '../../src/identity/redirects';

const local = consoleRedirectPolicy('https://console.example', { identityBase: '/identity' });
const external = consoleRedirectPolicy('https://console.example', {
  identityBase: 'https://id.example:4433/',
  redirectOrigins: ['https://sso.example'],
});

describe('redirect safety in the browser', () => {
  it('keeps the console as paths and refuses what the server refuses', () => {
    expect(checkRedirect('https://console.example/dns/proxy#x', local)).toBe('/dns/proxy#x');
    expect(checkRedirect('/.//other.host/page', local)).toBeNull();
    expect(checkRedirect('https://id.example:4433/self-service/logout', local)).toBeNull();
  });

  it('allows the configured external identity origin and extra origins, keeping the full address', () => {
    expect(checkRedirect('https://id.example:4433/self-service/logout?token=a', external)).toBe(
      'https://id.example:4433/self-service/logout?token=a',
    );
    expect(checkRedirect('https://id.example/self-service/logout', external)).toBeNull(); // other port
    expect(allowedOrigins(external)).toEqual([
      'https://console.example',
      'https://id.example:4433',
      'https://sso.example',
    ]);
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
