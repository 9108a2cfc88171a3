// The process dashboard (/dashboard).
export { DashboardScreen } from './DashboardScreen';
