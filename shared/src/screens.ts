// @portal/shared/screens: the building blocks of the remotes' screens that the host does not use —
// labelled fields, tabs, the Wizard, data tables, progress, file drop, the priority planes. '@portal/shared' is a
// federation singleton, never tree-shaken: everything its index exports is in the host's first load
// (budget 250 KB gzip), used or not. This entry is not shared: each package bundles what it takes of
// it. So nothing here may hold state or reach the index's stateful modules (session, API client,
// bus): those come from '@portal/shared'.

export {
  CheckboxGroupField,
  Select,
  SelectField,
  SwitchField,
  TextField,
  type CheckboxGroupFieldProps,
  type SelectFieldProps,
  type SwitchFieldProps,
  type TextFieldProps,
} from './ui/forms/fields';
export { useDebounced } from './ui/forms/useDebounced';
export { Tabs, type TabItem, type TabsProps } from './ui/tabs/Tabs';
// Priority planes (requirements, applications): the geometry and the small-screen rule, d3-free.
export * from './ui/plane/planeGeometry';
export { useSmallScreen, SMALL_SCREEN_QUERY } from './ui/plane/useSmallScreen';
export { Wizard, type WizardProps } from './ui/wizard/Wizard';
export type {
  WizardField,
  WizardFieldRenderProps,
  WizardFieldValidator,
  WizardFormValidator,
  WizardStep,
  WizardStepContext,
} from './ui/wizard/types';
// Tables: a page's list (DataTable) and thousands of rows, sortable, virtual (VirtualTable).
export { DataTable, type Column, type DataTableProps } from './ui/table/DataTable';
// A chart's data as a table behind a toggle: its text alternative beside its summary.
export { ChartTable, type ChartCell, type ChartTableProps } from './ui/chart/ChartTable';
export {
  nextSort,
  VirtualTable,
  type SortDirection,
  type SortState,
  type VirtualColumn,
  type VirtualTableProps,
} from './ui/table/VirtualTable';
export { observeRectWithFallback } from './ui/table/virtualRect';
export { useVirtualRows, virtualRowPosition } from './ui/table/virtualRows';
// Progress and files.
export { ProgressBar, type ProgressBarProps } from './ui/feedback/ProgressBar';
export { FileDrop, type FileDropProps } from './ui/files/FileDrop';
export { FileButton, type FileButtonProps } from './ui/files/FileButton';
export { UploadProgress, type UploadProgressProps } from './ui/files/UploadProgress';
export { formatSize } from './ui/files/formatSize';
// The priority plane both remotes draw: side list, chart, keyboard and drag, drag preview.
export {
  PriorityPlaneBoard,
  type PlaneItemView,
  type PlanePoint,
  type PlaneWords,
  type PriorityPlaneBoardProps,
} from './ui/plane/PriorityPlaneBoard';
// Live screens: a remote's one subscription to its process's events, invalidating queries by event kind.
export { useLiveQueries, type LiveEvent, type LiveQueriesOptions, type LiveRules, type LiveTarget, type SubscribeEvents } from './ui/live/useLiveQueries';
