// The tabs of an app's page (/applications/{app_key}?tab=…). This list is the page's extension
// point: another part of the applications domain (deployment profiles, RBOM) adds its tab here as
// one entry; the page shows the tabs the user may see, in this order, and renders only the open one.
import type { Permission } from '@portal/shared/permissions';
import type { ReactNode } from 'react';
import { DeploymentProfilesOverview } from '../features/deployment-profiles/components/DeploymentProfilesOverview';
import { PROFILE_PERMISSIONS } from '../features/deployment-profiles/permissions';
import type { ApplicationDetail } from '../lib/types';
import { BuildsSection } from './screens/BuildsSection';

export interface ApplicationTabContext {
  graph: string;
  application: ApplicationDetail;
  platformView: boolean;
}

export interface ApplicationTab {
  id: string;
  label: string;
  /** Hidden without this permission. */
  permission?: Permission;
  render: (context: ApplicationTabContext) => ReactNode;
}

export const APPLICATION_TABS: readonly ApplicationTab[] = [
  { id: 'builds', label: 'Builds', render: (context) => <BuildsSection {...context} /> },
  {
    id: 'deployment',
    label: 'Deployment profiles',
    permission: PROFILE_PERMISSIONS.LIST,
    render: ({ graph, application }) => <DeploymentProfilesOverview graph={graph} appKey={application.app_key} />,
  },
];
