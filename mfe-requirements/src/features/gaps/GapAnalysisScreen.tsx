// /gap-analysis: the gaps, risks and conflicts of the current process, one tab each.
import { ScreenFrame, type ScreenComponent } from '@portal/shared';
import { useState } from 'react';
import { useCurrentGraph } from '../../lib/graph';
import { Empty } from '../../components/QueryStates';
import { Tabs } from '../../components/Tabs';
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
            { id: 'gaps', label: 'Gaps', content: <GapsTab graph={graph} /> },
            { id: 'risks', label: 'Risks', content: <RisksTab graph={graph} /> },
            { id: 'conflicts', label: 'Conflicts', content: <ConflictsTab graph={graph} /> },
          ]}
        />
      )}
    </ScreenFrame>
  );
};
