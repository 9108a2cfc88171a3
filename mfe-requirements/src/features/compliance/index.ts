// Live compliance (issue 28): a requirement's automated checks and the status they compute — the
// badge the depository shows for each requirement with checks (with the statuses it reads), and the
// requirement page's evidence panel (loaded when shown). The dashboard's summary is the dashboard's own.
export { ComplianceBadge } from './components/ComplianceBadge';
export { ComplianceSection } from './components/ComplianceSection';
export { useComplianceStatuses } from './api/getStatuses';
