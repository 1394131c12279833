/** @jest-environment ./test/support/jsdom-environment.js */
// Part 1 of the login machine's paths replayed through the local login screen (loginReplay.tsx).
import { describeLoginReplay } from './loginReplay';

describeLoginReplay(1);
