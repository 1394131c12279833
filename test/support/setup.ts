// Shared Jest setup: DOM matchers for component tests (harmless in node tests).
import '@testing-library/jest-dom';
import { registerReducers } from '../../src/store/createStore';
import { signedInReducers } from '../../src/store/signedInReducers';

// Stores built by tests have every slice, as the server's do (the browser adds the signed-in ones with the core layout).
registerReducers(signedInReducers);
