// The requirement workflow: one requirement (detail, commands, history, comments, applications)
// and its tasks (review, delegation, rejection), and the lists of the process's requirements.
// What other features may use of it is exported here; everything else is its own.
export { getRequirementsQueryOptions, useRequirementPage } from './api/getRequirements';
export { useRequirement } from './api/getRequirement';
export { useCreateRequirement } from './api/createRequirement';
export { useUpdateRequirement } from './api/updateRequirement';
export { useAssignees } from './api/getAssignees';
export { useOwners } from './api/getOwners';
export { useMyTasks, useProcessTasks, type TaskQuery } from './api/getTasks';
export { useTask } from './api/getTask';
export { PAGE_SIZE, SORT_FIELDS, type DeletedFilter, type RequirementFilters, type RequirementListParams, type SortField } from './api/filters';
export { RequirementDetailPanel, RequirementDetailView } from './components/RequirementDetailPanel';
export { RequirementPicker, type RequirementPickerProps } from './components/RequirementPicker';
export { ParentChooser, type ParentChooserProps } from './components/ParentChooser';
export { movedText, useMoveRequirement, type RequirementMoveInput } from './api/moveRequirement';
export { TaskActions } from './components/TaskActions';
export { addChildPath, detailPath, modifyPath, viewTaskPath } from './paths';
