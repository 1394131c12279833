/** @jest-environment ./test/support/jsdom-environment.js */
/** /error/?id= — the identity service's user-facing errors, read by id and shown in the console's words. */
import { screen, waitFor, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import { FlowErrorScreen } from '../../../../../src/app/pages/account/identity/IdentityScreens';
import { fakeActors } from '../identityFakes';
import { renderScreen } from '../support';

const ID = '8d3b9a52-6c1e-4f7a-9d21-0a1b2c3d4e5f';
const stored = (error: Record<string, unknown>) => ({ id: ID, error, created_at: '2026-11-23T10:00:00Z' });

const show = (actors: ReturnType<typeof fakeActors>['actors'], path = `/error/?id=${ID}`) =>
  renderScreen(<FlowErrorScreen title="Something went wrong" actors={actors} />, { path });

describe('identity error screen', () => {
  it('words a known error id from the catalogue, names the code and leads back to log in and the console', async () => {
    const { actors, errorLoads } = fakeActors({
      flowError: stored({
        id: 'security_csrf_violation',
        code: 403,
        status: 'Forbidden',
        message: 'the request was rejected to protect you from Cross-Site-Request-Forgery',
        reason: 'The anti-CSRF cookie does not belong to this flow.',
      }),
    });
    const { container } = show(actors);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The request was refused to protect you from cross-site request forgery. Please start again from this console.',
    );
    expect(alert).toHaveTextContent('Error 403 (security_csrf_violation)');
    expect(errorLoads).toEqual([ID]);
    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(within(nav).getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login/');
    expect(within(nav).getByRole('link', { name: 'Go to the console' })).toHaveAttribute('href', '/');
    expect((await axe(container)).violations).toEqual([]);
  });

  it("shows the service's reason when the id is not in the catalogue, and its message when there is no reason", async () => {
    const first = show(
      fakeActors({ flowError: stored({ id: 'custom_error', code: 400, reason: 'The moon is in the way.' }) })
        .actors,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The moon is in the way.');
    first.unmount();
    show(fakeActors({ flowError: stored({ code: 500, message: 'The disk is full.' }) }).actors);
    expect(await screen.findByRole('alert')).toHaveTextContent('The disk is full.');
  });

  it.each([
    ['no id', '/error/'],
    ['an empty id', '/error/?id='],
  ])('with %s says so without asking the service', async (_name, path) => {
    const { actors, errorLoads } = fakeActors({});
    show(actors, path);
    expect(await screen.findByRole('alert')).toHaveTextContent(/This error is not known/);
    expect(errorLoads).toEqual([]);
  });

  it.each([404, 400, 403])(
    'an id the service answers %i for is an unknown error, not a crash',
    async (status) => {
      const { actors } = fakeActors({
        flowError: {
          status,
          body: { error: { code: status, message: 'The requested resource could not be found' } },
        },
      });
      show(actors, '/error/?id=not-an-error');
      expect(await screen.findByRole('alert')).toHaveTextContent(/This error is not known/);
      expect(screen.getByRole('link', { name: 'Back to log in' })).toBeInTheDocument();
    },
  );

  it('when the service cannot be reached, says so and tries again on request', async () => {
    const { actors, errorLoads } = fakeActors({ flowError: { status: 0, body: null } });
    const { user } = show(actors);
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be reached/);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(errorLoads).toEqual([ID, ID]));
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be reached/);
  });
});
