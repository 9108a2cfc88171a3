// Gap analysis: the process's gaps, risks and conflicts (/gap-analysis).
export { GapAnalysisScreen } from './GapAnalysisScreen';
