// What other features may use of the processes: the list the caller may open.
export { useProcesses } from './api/getProcesses';
