// The alarms family's face to the others: its routes and the evaluator (registered in app.ts;
// the metric snapshots call `evaluateProcess` after each snapshot).
export { alarmsRoutes } from './routes';
export { registerAlarmEvaluator, type AlarmEvaluator } from './evaluator';
