import type { LiveEvent } from '@portal/shared/screens';
import { OPERATIONS_LIVE_RULES } from './liveRules';

const event = (type: string, data: Record<string, unknown>): LiveEvent => ({ type, session_id: 's', data: { graph: 'core', ...data } as LiveEvent['data'] });

describe("the operations remote's live rules", () => {
  it("an import or a triage decision ('Security Finding') refreshes every findings query of the process: lists, totals, the open finding", () => {
    expect(OPERATIONS_LIVE_RULES['Security Finding']!(event('Security Finding', { action: 'imported', new: 3 }), 'core')).toEqual([['security-findings', 'core']]);
    expect(OPERATIONS_LIVE_RULES['Security Finding']!(event('Security Finding', { action: 'triaged', ids: ['f1'], state: 'false_positive' }), 'core')).toEqual([['security-findings', 'core']]);
    expect(Object.keys(OPERATIONS_LIVE_RULES)).toEqual(['Security Finding', 'Update Metric', 'Alarm Change']);
  });

  it("a snapshot that changed a metric ('Update Metric') refreshes the process's metrics: cards and series", () => {
    expect(OPERATIONS_LIVE_RULES['Update Metric']!(event('Update Metric', { keys: ['sla_breaches'] }), 'core')).toEqual([['metrics', 'core']]);
  });

  it("an alarm's change or state change ('Alarm Change') refreshes the process's alarms: list, the open alarm, its history", () => {
    expect(OPERATIONS_LIVE_RULES['Alarm Change']!(event('Alarm Change', { id: 'a1', change: 'state', from: 'ok', to: 'firing' }), 'core')).toEqual([['alarms', 'core']]);
  });
});
