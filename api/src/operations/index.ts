// The operations family's face to the others: its routes (registered in app.ts).
export { findingsRoutes } from './routes';
