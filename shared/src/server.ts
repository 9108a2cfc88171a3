// The React-free part of the contract, for the API (Node): the same catalogue, schemas and route
// table the browser uses, so client and server never disagree. Nothing here may import react,
// react-query or touch the DOM (server.test.ts checks it under the node environment).
export * from './navigation/routes';
export * from './product';
export * from './constants';
export * from './entities/session';
export * from './entities/process';
export * from './entities/user';
export * from './entities/task';
export * from './entities/application';
export * from './entities/serviceModule';
export * from './entities/notification';
export * from './entities/formField';
export * from './api/errors';
export * from './api/payload';
export * from './realtime/destinations';
export * from './validation/patterns';
export * from './validation/messages';
export * from './validation/fieldSchema';
export * from './validation/forms';
