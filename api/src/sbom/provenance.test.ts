// @backend-agnostic: parsing only.
// What an SBOM records of its provenance, read through the whole parser (schema validation
// included): CycloneDX 1.6 JSON with every attribute, CycloneDX 1.2's legacy tool list (a real
// SBOM: Juice Shop), CycloneDX XML, SPDX 2.3 creators and the described package's supplier.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseSbom } from './parse';

const testdata = (name: string) => readFileSync(path.join(__dirname, 'testdata', name));

const bom16 = (more: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) =>
  Buffer.from(
    JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      version: 1,
      metadata: { component: { type: 'application', 'bom-ref': 'app', name: 'shop', version: '1.0.0' }, ...metadata },
      components: [{ type: 'library', 'bom-ref': 'lodash', name: 'lodash', version: '4.17.21', purl: 'pkg:npm/lodash@4.17.21' }],
      ...more,
    }),
  );

it('reads a CycloneDX 1.6 JSON document’s supplier, authors, tools (the object form), timestamp and signature', () => {
  const sbom = parseSbom(
    bom16(
      { signature: { algorithm: 'ES256', value: 'c2lnbmF0dXJl' } },
      {
        timestamp: '2030-06-01T08:00:00Z',
        supplier: { name: '  Acme Corp ', url: ['https://acme.example'] },
        authors: [{ name: 'Ada' }, { email: 'ci@acme.example' }, { name: 'Ada' }],
        tools: { components: [{ type: 'application', group: '@cyclonedx', name: 'cdxgen', version: '10.0.0' }], services: [{ name: 'sbom-service' }] },
      },
    ),
  );
  expect(sbom.provenance).toEqual({
    supplier: 'Acme Corp',
    authors: ['Ada', 'ci@acme.example'],
    tools: ['@cyclonedx cdxgen 10.0.0', 'sbom-service'],
    timestamp: '2030-06-01T08:00:00Z',
    signed: true,
  });
});

it("takes the manufacturer, else the described component's supplier, as the supplier; nothing recorded is nothing", () => {
  expect(parseSbom(bom16({}, { manufacturer: { name: 'Maker' } })).provenance.supplier).toBe('Maker');
  const component = { type: 'application', 'bom-ref': 'app', name: 'shop', supplier: { name: 'Shop Inc' } };
  expect(parseSbom(bom16({}, { component })).provenance.supplier).toBe('Shop Inc');
  expect(parseSbom(bom16()).provenance).toEqual({ supplier: null, authors: [], tools: [], timestamp: null, signed: false });
});

it('reads the legacy tool list of a real CycloneDX 1.2 SBOM (Juice Shop): a tool and a timestamp, no supplier nor author', () => {
  const sbom = parseSbom(gunzipSync(testdata('juice-shop-v11.1.2.bom.json.gz')));
  expect(sbom.provenance).toEqual({ supplier: null, authors: [], tools: ['CycloneDX Node.js module 2.0.0'], timestamp: '2020-08-03T03:20:53.771Z', signed: false });
});

it('reads a CycloneDX XML document: metadata elements and a ds:Signature', () => {
  const xml = testdata('cyclonedx-1.6.bom.xml')
    .toString('utf8')
    .replace(
      '<timestamp>2026-11-22T08:00:00Z</timestamp>',
      '<timestamp>2026-11-22T08:00:00Z</timestamp><tools><components><component type="application"><name>syft</name><version>1.0</version></component></components></tools><authors><author><name>Bea</name></author></authors><supplier><name>Shop Ltd</name></supplier>',
    )
    .replace('</bom>', '<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:SignatureValue>abc</ds:SignatureValue></ds:Signature></bom>');
  expect(parseSbom(Buffer.from(xml)).provenance).toEqual({ supplier: 'Shop Ltd', authors: ['Bea'], tools: ['syft 1.0'], timestamp: '2026-11-22T08:00:00Z', signed: true });
  expect(parseSbom(testdata('cyclonedx-1.6.bom.xml')).provenance).toEqual({ supplier: null, authors: [], tools: [], timestamp: '2026-11-22T08:00:00Z', signed: false });
});

it("reads SPDX's creators (Tool, Person, Organization) and the described package's supplier", () => {
  const document = JSON.parse(testdata('spdx-2.3.json').toString('utf8')) as { creationInfo: { creators: string[] }; packages: Array<Record<string, unknown>> };
  expect(parseSbom(Buffer.from(JSON.stringify(document))).provenance).toEqual({ supplier: null, authors: [], tools: ['portal-tests'], timestamp: '2026-11-22T08:00:00Z', signed: false });
  document.creationInfo.creators = ['Tool: syft-1.0', 'Organization: Billing Team (billing@example.com)', 'Person: Cleo'];
  document.packages[0].supplier = 'Organization: Example Corp';
  expect(parseSbom(Buffer.from(JSON.stringify(document))).provenance).toEqual({
    supplier: 'Example Corp',
    authors: ['Billing Team (billing@example.com)', 'Cleo'],
    tools: ['syft-1.0'],
    timestamp: '2026-11-22T08:00:00Z',
    signed: false,
  });
});
