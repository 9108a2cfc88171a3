// /security/sbom: the portfolio's SBOM view across every application of the process — its
// vulnerable components ("Components") and its applications with their counts ("Applications",
// `?tab=applications`), each tab read when it is opened.
import { Empty, ScreenFrame, type ScreenComponent } from '@portal/shared';
import { Tabs } from '@portal/shared/screens';
import { useSearchParams } from 'react-router';
import { useCurrentGraph } from '../../../lib/graph';
import { ApplicationsTab } from './ApplicationsTab';
import { ComponentsTab } from './ComponentsTab';

export const SbomScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'applications' ? 'applications' : 'components';
  const select = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === 'applications') next.set('tab', id);
      else next.delete('tab');
      return next;
    });
  return (
    <ScreenFrame route={route}>
      {graph === '' ? (
        <Empty title="No process selected" description="Choose a process to see the SBOM of its applications." />
      ) : (
        <Tabs
          label="Portfolio SBOM"
          selected={tab}
          onSelect={select}
          tabs={[
            { id: 'components', label: 'Components', render: () => <ComponentsTab graph={graph} /> },
            { id: 'applications', label: 'Applications', render: () => <ApplicationsTab graph={graph} /> },
          ]}
        />
      )}
    </ScreenFrame>
  );
};
