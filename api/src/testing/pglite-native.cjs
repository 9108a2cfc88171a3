// Jest runs test code in a vm context without a dynamic-import callback, and PGlite imports
// Node's built-ins with `import()`. Loading PGlite through Node's own require keeps it outside
// that context, where `import()` works (jest.config.cjs maps '@electric-sql/pglite' here).
// Jest hands test code a subclass of Node's Module whose createRequire loads inside the vm
// again; its parent class is Node's own.
const SandboxModule = require('node:module').Module;
const NodeModule = Object.getPrototypeOf(SandboxModule);
const createRequire =
  typeof NodeModule.createRequire === 'function' ? NodeModule.createRequire : SandboxModule.createRequire;

module.exports = createRequire(__filename)('@electric-sql/pglite');
