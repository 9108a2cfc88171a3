// The metrics screen (issue 25 items 2 and 5) for the route /metrics.
export { MetricsScreen } from './components/MetricsScreen';
export { METRIC_KEYS } from './api/metrics';
