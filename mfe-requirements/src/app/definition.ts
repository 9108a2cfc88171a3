import type { RemoteDefinition } from '@portal/shared';
import { AddRequirementScreen, ModifyRequirementScreen } from '../features/authoring';
import { DepositoryScreen } from '../features/depository';
import { MarkdownPreviewScreen } from '../features/markdown';
import { ReviewScreen } from '../features/review';
import {
  CommentsScreen,
  DashboardScreen,
  GapAnalysisScreen,
  PriorityPlanesOverviewScreen,
  PriorityPlanesScreen,
  ReportsScreen,
} from './lazyScreens';
import { liveRoutes } from './LiveRoutes';

const screens: RemoteDefinition['screens'] = {
  '/requirements': DepositoryScreen,
  '/requirements/add-requirement': AddRequirementScreen,
  '/requirements/modify': ModifyRequirementScreen,
  '/review-requirement': ReviewScreen,
  '/demo/markdown-preview': MarkdownPreviewScreen,
  '/gap-analysis': GapAnalysisScreen,
  '/dashboard': DashboardScreen,
  '/reports': ReportsScreen,
  '/requirements/comments': CommentsScreen,
  '/requirements/priorityPlanes': PriorityPlanesScreen,
  '/priorityPlanes': PriorityPlanesOverviewScreen,
};

/**
 * What this remote serves: its routes (owner 'mfe-requirements' in the shared route table) and
 * their screens, under the one live subscription of the current process.
 */
export const definition: RemoteDefinition = {
  remote: 'mfe-requirements',
  screens,
  App: liveRoutes(screens),
};
