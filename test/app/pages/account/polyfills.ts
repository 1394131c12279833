/** jsdom lacks what React Router needs at import time; Node's own implementations stand in. Import first. */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
