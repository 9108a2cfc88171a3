import type { DemoSeeder } from './seeder';
import { ensureProcess, type NewProcess } from '../processes/repository';

export const DEMO_PROCESSES: readonly NewProcess[] = [
  { code_name: 'DEMO', name: 'Demo Requirements', type: 'REQUIREMENTS', dashboard_type: 'LIVE' },
  { code_name: 'DISCOVERY', name: 'Demo eDiscovery', type: 'EDISCOVERY', dashboard_type: 'MIX' },
];

export const processesDemo: DemoSeeder = {
  name: 'processes',
  async seed({ db, organization }) {
    const lines: string[] = [];
    for (const wanted of DEMO_PROCESSES) {
      const { process, created } = await ensureProcess(db, organization.id, wanted);
      lines.push(`${created ? 'created' : 'kept'} process ${process.code_name} '${process.name}'`);
    }
    return lines;
  },
};
