// The public surface of @portal/shared v1. Everything a remote or the host may use is exported
// here; a change to this file is a change to the contract (see CHANGELOG.md).

// Navigation
export * from './navigation/routes';
export * from './navigation/history';

// Event bus
export * from './bus/events';
export * from './bus/bus';

// Contract core (API client, errors, query, session, realtime, validation, entities)

// UI system and generic components
