// jsdom plus the web platform classes Node has and jsdom lacks (TextEncoder, fetch, Request, Response, streams,
// MessageChannel, structuredClone), taken from Node's own realm so React Router and msw work in component tests.
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = [
  'TextEncoder',
  'TextDecoder',
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoderStream',
  'TextDecoderStream',
  'structuredClone',
  'BroadcastChannel',
  'MessageChannel',
  'MessagePort',
  'setImmediate',
  'clearImmediate',
];

class JsdomWithWebPlatform extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) {
      if (this.global[name] === undefined && globalThis[name] !== undefined)
        this.global[name] = globalThis[name];
    }
  }
}
module.exports = JsdomWithWebPlatform;
