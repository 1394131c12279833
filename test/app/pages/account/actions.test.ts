import {
  actionLoader,
  actionTitles,
  AUTH_ACTIONS,
  screenLoader,
} from '../../../../src/app/pages/account/actions';

const args = (params: Record<string, string>, path: string) =>
  ({ params, request: new Request(`http://localhost${path}`), context: undefined }) as never;

describe('account routes (§2)', () => {
  it.each(AUTH_ACTIONS)('/%s/ is an account action with both titles', (action) => {
    expect(actionLoader(args({ action }, `/${action}/`))).toBeNull();
    expect(actionTitles[action].title).toEqual(expect.any(String));
    expect(actionTitles[action].local).toEqual(expect.any(String));
  });

  it('an unknown action is a 404 naming the path', () => {
    expect(() => actionLoader(args({ action: 'nope' }, '/nope'))).toThrow(
      expect.objectContaining({ init: expect.objectContaining({ status: 404 }), data: { path: '/nope' } }),
    );
  });

  it.each(['login', 'signup', 'recover'])('/account/%s is a screen', (type) => {
    expect(screenLoader(args({ type }, `/account/${type}`))).toBeNull();
  });

  it('any other screen type is a 500 "Unsupported authentication type"', () => {
    expect(() => screenLoader(args({ type: 'register' }, '/account/register'))).toThrow(
      expect.objectContaining({
        data: 'Unsupported authentication type',
        init: expect.objectContaining({ status: 500 }),
      }),
    );
  });
});
