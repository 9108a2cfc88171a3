// Duplicate detection: the candidates of one requirement (after Add) and the process-wide scan.
export { DuplicateCandidates, type DuplicateCandidatesProps } from './DuplicateCandidates';
export { DuplicateScanPanel, type DuplicateScanPanelProps } from './DuplicateScanPanel';
