/** @jest-environment ./test/support/jsdom-environment.js */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaults, publicConfig } from '../../../config';
import { LocalLoginScreen } from '../../../src/app/pages/account/LocalLoginScreen';
import { ScreenWithChart } from '../../../src/qa/panel/ScreenWithChart';
import { localAuthApi } from '../../../stories/screens/account/fakes';
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
