// The geometry of the requirements' priority plane (x urgency, y importance): the shared plane
// geometry of @portal/shared/screens (also used by the applications' plane), under this screen's names.
import { describePlacement as describeOnAxes, type Placement } from '@portal/shared/screens';

export {
  dropPlacement,
  insidePlot,
  labelPlacement,
  nudgePlacement as nudge,
  PLANE_FINE_STEP as FINE_STEP,
  PLANE_PLOT as PLOT,
  PLANE_STEP as STEP,
  plotInnerSize as innerSize,
  roundPlacement as round,
  toPixels,
  toPlacement,
  type Placement,
  type PlotBox,
} from '@portal/shared/screens';

/** How a placement is read out: 'urgency 50%, importance 70%'. */
export const describePlacement = (placement: Placement): string => describeOnAxes(placement, { x: 'urgency', y: 'importance' });
