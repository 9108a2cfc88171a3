const { jestConfig } = require('../jest.base.cjs');

module.exports = jestConfig(__dirname, 'jsdom');
