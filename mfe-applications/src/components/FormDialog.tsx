// The applications' form dialogs (new application, settings, VEX analysis …) are @portal/shared's
// FormDialog with what this remote does differently: its blue submit button, and the field paths
// of a refused submission listed under the failure, as every failure here lists them.
import { FormDialog as PortalFormDialog, type FormDialogProps } from '@portal/shared';

export function FormDialog(props: FormDialogProps) {
  return <PortalFormDialog submitColorPalette="blue" listFields {...props} />;
}
