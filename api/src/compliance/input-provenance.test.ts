// @backend-agnostic: parsing only.
// A sbom-provenance check's body: its defaults, and each refusal naming its field with the
// contract's message.
import { COMPLIANCE_MESSAGES as M } from '@portal/shared/server';
import { ApiProblem } from '../http/problem';
import { parseCheckInput } from './input';

const refusal = (body: unknown) => {
  try {
    parseCheckInput(body);
  } catch (error) {
    if (error instanceof ApiProblem) return { status: error.status, fields: error.fields };
    throw error;
  }
  throw new Error('accepted');
};

it('fills in the defaults (supplier, author, timestamp; no share of components), in the list’s own order, once each', () => {
  expect(parseCheckInput({ kind: 'sbom-provenance' })).toEqual({ kind: 'sbom-provenance', scope: { kind: 'process' }, params: { require: ['supplier', 'author', 'timestamp'], min_identified_percent: 0 } });
  expect(parseCheckInput({ kind: 'sbom-provenance', scope: { kind: 'applications', tags: ['pci'] }, params: { require: ['pipeline', 'tool', 'pipeline'], min_identified_percent: 95 } })).toEqual({
    kind: 'sbom-provenance',
    scope: { kind: 'applications', keys: [], portfolios: [], tags: ['pci'] },
    params: { require: ['tool', 'pipeline'], min_identified_percent: 95 },
  });
  expect(parseCheckInput({ kind: 'sbom-provenance', params: { require: [], min_identified_percent: 50 } }).params).toEqual({ require: [], min_identified_percent: 50 });
});

it('refuses each field with its message', () => {
  expect(refusal({ kind: 'sbom-provenance', params: { require: ['vendor'] } })).toEqual({ status: 400, fields: { 'params.require': M.provenance } });
  expect(refusal({ kind: 'sbom-provenance', params: { require: 'supplier' } })).toEqual({ status: 400, fields: { 'params.require': M.provenance } });
  expect(refusal({ kind: 'sbom-provenance', params: { min_identified_percent: 101 } })).toEqual({ status: 400, fields: { 'params.min_identified_percent': M.percent } });
  expect(refusal({ kind: 'sbom-provenance', params: { min_identified_percent: 12.5 } })).toEqual({ status: 400, fields: { 'params.min_identified_percent': M.percent } });
  // A check that requires nothing would pass whatever the SBOM says.
  expect(refusal({ kind: 'sbom-provenance', params: { require: [] } })).toEqual({ status: 400, fields: { 'params.require': M.provenanceEmpty } });
  expect(refusal({ kind: 'sbom-provenance', params: { colour: 'red' } })).toEqual({ status: 400, fields: { 'params.colour': M.unknownParam('colour', 'sbom-provenance') } });
  expect(refusal({ kind: 'sbom-provenance', scope: { kind: 'repositories', names: ['api'] } })).toEqual({ status: 400, fields: { 'scope.kind': M.scopeNotTaken('sbom-provenance') } });
});
