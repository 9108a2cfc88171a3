// Reports (/reports): the process's reports, the traceability matrix, duplicate detection and
// security standards.
export { ReportsScreen } from './ReportsScreen';
