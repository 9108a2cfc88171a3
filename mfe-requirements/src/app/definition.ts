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

/** What this remote serves: its routes (owner 'mfe-requirements' in the shared route table) and their screens. */
export const definition: RemoteDefinition = {
  remote: 'mfe-requirements',
  screens: {
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
  },
};
