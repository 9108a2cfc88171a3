// A screen of one process (the working scope's): its content once a process is chosen, otherwise
// what to do first, in the screen's frame either way.
import { ScreenFrame, type ScreenComponent } from '@portal/shared';
import type { ComponentType } from 'react';
import { Empty } from '../components/QueryStates';
import { useWorkingScope } from '../lib/graph';

export function processScreen(noProcess: string, Content: ComponentType<{ graph: string }>): ScreenComponent {
  const Screen: ScreenComponent = ({ route }) => {
    const { graph } = useWorkingScope();
    return (
      <ScreenFrame route={route}>{graph === undefined ? <Empty title="No process selected" description={noProcess} /> : <Content graph={graph} />}</ScreenFrame>
    );
  };
  return Screen;
}
