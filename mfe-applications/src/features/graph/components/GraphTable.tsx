// The dependency graph's text alternative beside its summary (issue 26 item 20): every component
// with its depth from the root, how many it depends on and how many depend on it (as the document
// states), and its findings, as a table behind a toggle (rendered only while shown).
import type { DependencyGraph } from '@portal/shared';
import { ChartTable } from '@portal/shared/screens';
import { useMemo } from 'react';
import { severityLabel } from '../../../components/labels';
import type { Severity } from '../../../lib/types';

export function GraphTable({ data }: { data: DependencyGraph }) {
  const rows = useMemo(() => {
    const dependsOn = Array.from({ length: data.nodes.length }, () => 0);
    const dependents = Array.from({ length: data.nodes.length }, () => 0);
    for (const [from, to] of data.edges) {
      dependsOn[from] += 1;
      dependents[to] += 1;
    }
    return data.nodes.map((node, index) => [
      [node.group, node.name].filter(Boolean).join('/'),
      node.version ?? '—',
      node.level,
      dependsOn[index],
      dependents[index],
      node.vulnerabilities.length === 0 ? 'None' : `${node.vulnerabilities.length} (${severityLabel((node.severity ?? 'UNKNOWN') as Severity)})`,
    ]);
  }, [data]);
  return (
    <ChartTable
      caption={`Components of build ${data.build.number} of ${data.app_key}`}
      headers={['Component', 'Version', 'Depth', 'Depends on', 'Dependents', 'Vulnerabilities']}
      rows={rows}
    />
  );
}
