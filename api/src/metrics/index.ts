// The metrics family's face to the others: its routes and the snapshots (registered in app.ts).
export { metricsRoutes } from './routes';
export { registerMetricSnapshots, UPDATE_METRIC_EVENT, type MetricSnapshots } from './snapshots';
