// The priority planes: placing requirements (/requirements/priorityPlanes) and the overview by
// status (/priorityPlanes).
export { PriorityPlanesOverviewScreen, PriorityPlanesScreen } from './PriorityPlanesScreen';
