// /gap-analysis: the gaps, risks and conflicts of the current process, one tab each.
import { Empty, ScreenFrame, type ScreenComponent } from '@portal/shared';
import { Tabs } from '@portal/shared/screens';
import { useState } from 'react';
import { useCurrentGraph } from '../../lib/graph';
import { ConflictsTab } from './ConflictsTab';
import { GapsTab } from './GapsTab';
import { RisksTab } from './RisksTab';

export const GapAnalysisScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  const [tab, setTab] = useState('gaps');
  return (
    <ScreenFrame route={route}>
      {graph === '' ? (
        <Empty title="No process selected" description="Choose a process to see its gap analysis." />
      ) : (
        <Tabs
          label="Gap analysis"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: 'gaps', label: 'Gaps', render: () => <GapsTab graph={graph} /> },
            { id: 'risks', label: 'Risks', render: () => <RisksTab graph={graph} /> },
            { id: 'conflicts', label: 'Conflicts', render: () => <ConflictsTab graph={graph} /> },
          ]}
        />
      )}
    </ScreenFrame>
  );
};
