// The views of one build on the app page, in tab order. A view names the permission it needs
// (hidden without it); its content is loaded when its tab is opened.
import type { BuildDetail } from '@portal/shared';
import type { Permission } from '@portal/shared/permissions';
import type { ReactNode } from 'react';
import { ComponentsPanel } from '../features/sbom/components/ComponentsPanel';
import { FindingsPanel } from '../features/findings/components/FindingsPanel';
import { LicensePanel } from '../features/licenses/components/LicensePanel';
import { RepositoryPanel } from '../features/repositories/components/RepositoryPanel';
import { APPLICATION_PERMISSIONS } from '../lib/permissions';

export interface BuildViewContext {
  graph: string;
  appKey: string;
  buildId: string;
  /** The build itself (DONE when its views are shown). */
  build: BuildDetail;
}

export interface BuildView {
  id: string;
  label: string;
  permission?: Permission;
  render: (context: BuildViewContext) => ReactNode;
}

export const BUILD_VIEWS: readonly BuildView[] = [
  {
    id: 'findings',
    label: 'Findings',
    render: ({ graph, appKey, buildId, build }) => <FindingsPanel graph={graph} appKey={appKey} buildId={buildId} buildNumber={build.number} counts={build.vulnerabilities} />,
  },
  { id: 'components', label: 'Components', render: ({ graph, appKey, buildId }) => <ComponentsPanel graph={graph} appKey={appKey} buildId={buildId} /> },
  {
    id: 'licenses',
    label: 'Licenses',
    permission: APPLICATION_PERMISSIONS.LICENSE_CHECK,
    render: ({ graph, appKey, buildId }) => <LicensePanel graph={graph} appKey={appKey} buildId={buildId} />,
  },
  {
    id: 'repositories',
    label: 'Repositories',
    permission: APPLICATION_PERMISSIONS.REPOSITORY_ANALYSIS,
    render: ({ graph, appKey, buildId }) => <RepositoryPanel graph={graph} appKey={appKey} buildId={buildId} />,
  },
];
