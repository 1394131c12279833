// Shared Jest setup: DOM matchers for component tests (harmless in node tests).
import '@testing-library/jest-dom';
import { defaults } from '../../config';
import { registerReducers } from '../../src/store/createStore';
import { signedInReducers } from '../../src/store/signedInReducers';

// Stores built by tests have every slice, as the server's do (the browser adds the signed-in ones with the core layout).
registerReducers(signedInReducers);

// Servers built by tests only write and check the DNS and SSH configuration: two cores and parallel workers leave no
// room for a resolver and an sshd per server. Tests of the running daemons ask for `services: 'embedded'`.
defaults.services = 'off';

// CI retries a failed test once, as Playwright's CI runs do (playwright.config.ts): on two shared cores a suite that
// starts real daemons now and then misses a time limit. The first failure is printed, so a flake is seen, not hidden.
if (process.env.CI) jest.retryTimes(1, { logErrorsBeforeRetry: true });
