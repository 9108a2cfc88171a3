// Security standards: the OSCAL import (placed by the depository too) and the imported list.
export { StandardsImportButton, type StandardsImportButtonProps } from './StandardsImportButton';
export { StandardsList } from './StandardsList';
