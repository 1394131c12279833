/** @jest-environment ./test/support/jsdom-environment.js */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaults, publicConfig } from '../../../config';
import { LocalLoginScreen } from '../../../src/app/pages/account/LocalLoginScreen';
import { ScreenWithChart } from '../../../src/qa/panel/ScreenWithChart';
import { localAuthApi } from '../../../stories/screens/account/fakes';
import {
  acknowledgingApi,
  AgreementScreen,
  WindowsManagerScreen,
} from '../../../stories/screens/notifications/hostedScreens';
import { StoryProviders } from '../../../stories/support/StoryProviders';

const config = publicConfig(defaults);

describe('a screen beside its statechart', () => {
  it('charts the actor the screen runs: the screen moves the chart, and the chart moves the screen', async () => {
    const user = userEvent.setup();
    render(
      <StoryProviders
        path="/account/login"
        state={{ config }}
        api={localAuthApi({ login_methods: [{ type: 'form_login' }] }, [])}
      >
        <ScreenWithChart screen={(inspect) => <LocalLoginScreen title="Log in" inspect={inspect} />} />
      </StoryProviders>,
    );
    const current = () => screen.getByRole('region', { name: 'Current state' });
    // The chart is laid out by ELK, which takes a moment on a shared machine.
    await waitFor(() => expect(current()).toHaveTextContent('"step":"username"'), { timeout: 10_000 });

    await user.type(await screen.findByLabelText('Username'), 'admin{Enter}');
    await screen.findByLabelText('Password');
    expect(current()).toHaveTextContent('"step":"password"');

    const events = screen.getByRole('region', { name: 'Events' });
    await user.click(within(events).getByRole('button', { name: 'user.back' }));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(current()).toHaveTextContent('"step":"username"');
  });
});

describe('screens whose actor a saga hosts, beside their statechart', () => {
  it('the agreement modal: ticking the box moves the chart, the chart accepts and the modal goes', async () => {
    const user = userEvent.setup();
    render(
      <ScreenWithChart
        screen={(inspect) => <AgreementScreen inspect={inspect} api={acknowledgingApi(0)} />}
      />,
    );
    const current = () => screen.getByRole('region', { name: 'Current state' });
    const modal = await screen.findByRole('dialog', { name: 'Terms of use' });
    await waitFor(() => expect(current()).toHaveTextContent('"visible"'), { timeout: 10_000 });
    await user.click(within(modal).getByRole('checkbox', { name: 'I read all terms' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Context' })).toHaveTextContent('"read": true'),
    );

    const events = screen.getByRole('region', { name: 'Events' });
    await user.click(within(events).getByRole('button', { name: 'user.accept' }));
    // The saga acknowledged it through the API: the agreement leaves, and so does the modal.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terms of use' })).toBeNull());
    await waitFor(() => expect(current()).toHaveTextContent('"accepted"'));
  });

  it('the windows manager: opening a window moves the chart, the chart closes it on the screen', async () => {
    const user = userEvent.setup();
    render(<ScreenWithChart screen={(inspect) => <WindowsManagerScreen inspect={inspect} />} />);
    const current = () => screen.getByRole('region', { name: 'Current state' });
    await waitFor(() => expect(current()).toHaveTextContent('"empty"'), { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Open sshd log (right)' }));
    expect(await screen.findByRole('dialog', { name: 'Live log: sshd' })).toBeInTheDocument();
    expect(current()).toHaveTextContent('"open"');

    const events = screen.getByRole('region', { name: 'Events' });
    await user.type(screen.getByLabelText('Event payload (JSON object, optional)'), '{{"id": "sshd"}');
    await user.click(within(events).getByRole('button', { name: 'window.close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Live log: sshd' })).toBeNull());
    expect(current()).toHaveTextContent('"empty"');
  });
});
