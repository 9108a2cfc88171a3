// @portal/shared/screens: the stateless building blocks of the remotes' screens that the host does
// not use — labelled fields, tabs, the Wizard, the priority planes' geometry. '@portal/shared' is a
// federation singleton, never tree-shaken: everything its index exports is in the host's first load
// (budget 250 KB gzip), used or not. This entry is not shared: each package bundles what it takes of
// it. So nothing here may hold state or reach the index's stateful modules (session, API client,
// bus): those come from '@portal/shared'.

export {
  CheckboxGroupField,
  SelectField,
  SwitchField,
  TextField,
  type CheckboxGroupFieldProps,
  type SelectFieldProps,
  type SwitchFieldProps,
  type TextFieldProps,
} from './ui/forms/fields';
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
