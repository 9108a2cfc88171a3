// /security/sast (code and secret findings) and /security/iac (IaC and container findings).
import { Empty, ScreenFrame, type ScreenComponent } from '@portal/shared';
import type { FindingCategory } from '@portal/shared/operations';
import { useCurrentGraph } from '../../../lib/graph';
import { FindingsList } from './FindingsList';

export const CODE_CATEGORIES: readonly FindingCategory[] = ['sast', 'secret'];
export const IAC_CATEGORIES: readonly FindingCategory[] = ['iac', 'container'];

function NoProcess() {
  return <Empty title="No process selected" description="Choose a process to see its findings." />;
}

export const SastScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  return (
    <ScreenFrame route={route}>
      {graph === '' ? <NoProcess /> : <FindingsList graph={graph} categories={CODE_CATEGORIES} label="Code findings" searchHint="Rule, file or title" />}
    </ScreenFrame>
  );
};

export const IacScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  return (
    <ScreenFrame route={route}>
      {graph === '' ? <NoProcess /> : <FindingsList graph={graph} categories={IAC_CATEGORIES} label="IaC and container findings" searchHint="Check, file, resource or title" />}
    </ScreenFrame>
  );
};
