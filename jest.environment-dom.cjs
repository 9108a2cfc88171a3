// jsdom plus the fetch classes of Node (Response, Request, Headers, fetch), which jsdom lacks:
// component tests run the real API client against a faked `fetch`.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = ['fetch', 'Response', 'Request', 'Headers', 'ReadableStream', 'TextEncoder', 'TextDecoder'];

class PortalDomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (typeof this.global[name] === 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = PortalDomEnvironment;
