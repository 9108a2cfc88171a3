// The compliance templates and exports of the requirements remote (issue 28 items 4 and 5): apply
// the NIST templates to an imported standard; export the OSCAL assessment results.
export { ApplyTemplatesButton, type ApplyTemplatesButtonProps } from './ApplyTemplatesButton';
export { OscalExportButton, type OscalExportButtonProps } from './OscalExportButton';
