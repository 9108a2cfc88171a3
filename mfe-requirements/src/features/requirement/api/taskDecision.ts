// What a decision on a task makes stale: the tasks, and the task's requirement (its status or
// progress moves with the task, its history records the decision) with the lists and overviews.
import type { RequirementTask } from '@portal/shared';
import type { QueryKey } from '@tanstack/react-query';
import { PROCESS_KEYS, requirementStateKeys } from '../../../lib/queryKeys';

export const taskDecisionKeys = (graph: string, task: Pick<RequirementTask, 'requirement'>): QueryKey[] =>
  task.requirement ? requirementStateKeys(graph, task.requirement.id) : [PROCESS_KEYS.tasks(graph), PROCESS_KEYS.overviews(graph)];
