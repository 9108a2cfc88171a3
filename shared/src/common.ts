// The React-free part of the contract that the browser and the API both use: route table,
// product, constants, entities, the error catalogue, payload rules, realtime destinations,
// validation. Nothing here may import react, react-query or touch the DOM.
export * from './navigation/routes';
export * from './product';
export * from './constants';
export * from './entities/session';
export * from './entities/process';
export * from './entities/user';
export * from './entities/task';
export * from './entities/requirement';
export * from './entities/application';
export * from './entities/licenses';
export * from './entities/vexAnalysis';
export * from './entities/serviceModule';
export * from './entities/notification';
export * from './entities/formField';
export * from './entities/dependencyGraph';
export * from './entities/applicationPlane';
export * from './entities/portfolioSbom';
export * from './entities/monitoring';
export * from './entities/deployment';
export * from './entities/analysis';
export * from './entities/administration';
export * from './entities/jobs';
export * from './entities/osv';
export * from './entities/standards';
export * from './api/errors';
export * from './api/payload';
export * from './realtime/destinations';
export * from './validation/patterns';
export * from './validation/messages';
export * from './validation/fieldSchema';
export * from './validation/forms';
