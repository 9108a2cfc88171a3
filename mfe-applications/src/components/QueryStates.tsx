// The states of the applications' views are @portal/shared's, except that a failure here also
// lists the field paths of the problem details (the schema violations of a refused SBOM, a 400's
// fields), which the other remotes show beside their fields or not at all.
import { ErrorAlert as PortalErrorAlert, QueryView as PortalQueryView, type ErrorAlertProps, type QueryViewProps } from '@portal/shared';

// The applications' screens (the graph view among them) take all four states from this module.
export { Empty, Loading } from '@portal/shared';

export function ErrorAlert(props: ErrorAlertProps) {
  return <PortalErrorAlert listFields {...props} />;
}

export function QueryView<T>(props: QueryViewProps<T>) {
  return <PortalQueryView listFields {...props} />;
}
