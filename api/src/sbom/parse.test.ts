// @backend-agnostic: parsing only.
// Reading SBOMs without the API: each format, the refusals with their paths, and the tree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeUpload, parseSbom, SbomProblem } from './parse';
import { uniqueItems } from './schema';
import { spanningTree, subtreeTotals } from './tree';

const testdata = (file: string) => readFileSync(path.join(__dirname, 'testdata', file));

function refusal(input: string | object): SbomProblem {
  try {
    parseSbom(Buffer.from(typeof input === 'string' ? input : JSON.stringify(input)));
  } catch (error) {
    if (error instanceof SbomProblem) return error;
    throw error;
  }
  throw new Error('accepted');
}

it('reads the juice-shop CycloneDX 1.2 JSON: 840 components under its root', () => {
  const sbom = parseSbom(gunzipSync(testdata('juice-shop-v11.1.2.bom.json.gz')));
  expect(sbom).toMatchObject({ format: 'CycloneDX', specVersion: '1.2', encoding: 'json', serialNumber: 'urn:uuid:1f860713-54b9-4253-ba5a-9554851904af' });
  expect(sbom.root).toMatchObject({ bomRef: 'pkg:npm/juice-shop@11.1.2', name: 'juice-shop', version: '11.1.2' });
  expect(sbom.components).toHaveLength(841);
  expect(sbom.components.find((component) => component.name === 'body-parser')).toEqual({
    bomRef: 'pkg:npm/body-parser@1.19.0',
    type: 'library',
    group: null,
    name: 'body-parser',
    version: '1.19.0',
    purl: 'pkg:npm/body-parser@1.19.0',
    licenses: ['MIT'],
    // the issue tracker is not a reference repository analysis reads
    references: [
      { type: 'website', url: 'https://github.com/expressjs/body-parser#readme' },
      { type: 'vcs', url: 'git+https://github.com/expressjs/body-parser.git' },
    ],
  });
});

it('reads the laravel CycloneDX 1.4 JSON with its dependency graph', () => {
  const sbom = parseSbom(gunzipSync(testdata('laravel-7.12.0.bom.1.4.json.gz')));
  expect(sbom.specVersion).toBe('1.4');
  expect(sbom.components).toHaveLength(63);
  expect(sbom.dependencies.length).toBeGreaterThan(60);
  const refs = new Set(sbom.components.map((component) => component.bomRef));
  expect(sbom.dependencies.every(([from, to]) => refs.has(from) && refs.has(to))).toBe(true);
});

it('reads CycloneDX 1.6 XML and SPDX 2.3 JSON', () => {
  const xml = parseSbom(testdata('cyclonedx-1.6.bom.xml'));
  expect(xml).toMatchObject({ format: 'CycloneDX', specVersion: '1.6', encoding: 'xml' });
  expect(xml.components.map((component) => component.name)).toEqual(['shop-front', 'express', 'body-parser', 'lodash', 'node']);
  expect(xml.dependencies).toContainEqual(['pkg:npm/express@4.17.1', 'pkg:npm/body-parser@1.19.0']);
  const spdx = parseSbom(testdata('spdx-2.3.json'));
  expect(spdx).toMatchObject({ format: 'SPDX', specVersion: '2.3', root: { bomRef: 'SPDXRef-billing' } });
  expect(spdx.components[1]).toMatchObject({ purl: 'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.9.10.1', licenses: ['Apache-2.0'] });
  expect(spdx.dependencies).toEqual([
    ['SPDXRef-billing', 'SPDXRef-jackson-databind'],
    ['SPDXRef-jackson-databind', 'SPDXRef-jackson-core'],
  ]);
});

it('says what is wrong and where', () => {
  const schema = refusal({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [{ type: 'library', name: 'a', licenses: [{ license: { id: 'Not-A-License' } }] }] });
  expect(schema.fields).toMatchObject({ 'components[0].licenses[0].license.id': expect.any(String) });
  const xml = refusal('<bom xmlns="http://cyclonedx.org/schema/bom/1.4"><components><component type="library"><version>1</version></component></components></bom>');
  expect(xml.detail).toBe('The CycloneDX document is not valid: components[0].name is required.');
  expect(refusal({ bomFormat: 'SPDX' }).detail).toMatch(/bomFormat is "SPDX", expected "CycloneDX"/);
  const nested = { type: 'library', name: 'x', components: [] as object[] };
  let deepest = nested;
  for (let level = 0; level < 100; level += 1) {
    const child = { type: 'library', name: `x${level}`, components: [] as object[] };
    deepest.components.push(child);
    deepest = child;
  }
  expect(refusal({ bomFormat: 'CycloneDX', specVersion: '1.4', components: [nested] }).status).toBe(400);
});

it("checks the schema's uniqueItems as JSON equality, serializing only items that could be the same", () => {
  const twice = { type: 'library', name: 'a', version: '1', description: 'same' };
  expect(refusal({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [twice, { ...twice }] }).fields).toEqual({ components: 'must not hold the same item twice' });
  // The same name and version, something else different: two components.
  expect(parseSbom(Buffer.from(JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [twice, { ...twice, description: 'other' }] }))).components).toHaveLength(2);
  expect(uniqueItems(['a', 'b', 'a'])).toBe(false);
  expect(uniqueItems([1, '1', null, true, 'true'])).toBe(true);
  expect(uniqueItems([null, null])).toBe(false);
  // 20,000 hashes share one fingerprint: each is serialized once, and the one repeated is found.
  const hashes = Array.from({ length: 20_000 }, (_, i) => ({ alg: 'SHA-256', content: i.toString(16).padStart(64, '0') }));
  expect(uniqueItems(hashes)).toBe(true);
  expect(uniqueItems([...hashes, { alg: 'SHA-256', content: hashes[12_345].content }])).toBe(false);
});

it('derives the tree breadth first: shallowest place, unreached components under the root, cycles broken', () => {
  const refs = ['root', 'a', 'b', 'c', 'orphan', 'x', 'y'];
  const edges: Array<[string, string]> = [
    ['root', 'a'],
    ['root', 'c'],
    ['a', 'b'],
    ['b', 'c'],
    ['x', 'y'],
    ['y', 'x'],
  ];
  const { parent, level } = spanningTree(refs, edges, 0);
  expect(Array.from(parent)).toEqual([-1, 0, 1, 0, 0, 0, 5]);
  expect(Array.from(level)).toEqual([0, 1, 2, 1, 1, 1, 2]);
  const { total, vulnerabilityCount } = subtreeTotals(parent, level, [0, 0, 2, 1, 0, 0, 3]);
  expect(Array.from(total)).toEqual([6, 1, 0, 0, 0, 1, 0]);
  expect(Array.from(vulnerabilityCount)).toEqual([6, 2, 2, 1, 0, 3, 3]);
});

it('keeps the vcs, website and distribution references of each format, and leaves unusable ones out', () => {
  const xml = parseSbom(
    Buffer.from(`<bom xmlns="http://cyclonedx.org/schema/bom/1.6"><components><component type="library" bom-ref="a"><name>a</name>
      <externalReferences><reference type="vcs"><url>git@github.com:acme/a.git</url></reference>
      <reference type="issue-tracker"><url>https://github.com/acme/a/issues</url></reference>
      <reference type="source-distribution"><url>https://example.com/a-1.0.tgz</url></reference>
      <reference type="website"><url>   </url></reference></externalReferences></component></components></bom>`),
  );
  expect(xml.components[0].references).toEqual([
    { type: 'vcs', url: 'git@github.com:acme/a.git' },
    { type: 'distribution', url: 'https://example.com/a-1.0.tgz' },
  ]);
  const spdx = JSON.parse(testdata('spdx-2.3.json').toString());
  spdx.packages[1].downloadLocation = 'git+https://github.com/FasterXML/jackson-databind.git@jackson-databind-2.9.10.1';
  spdx.packages[1].homepage = 'https://github.com/FasterXML/jackson';
  spdx.packages[2].downloadLocation = 'https://repo1.maven.org/maven2/com/fasterxml/jackson/core/jackson-core/2.9.10/jackson-core-2.9.10.jar';
  const read = parseSbom(Buffer.from(JSON.stringify(spdx)));
  expect(read.components.map((component) => component.references)).toEqual([
    [],
    [
      { type: 'vcs', url: 'git+https://github.com/FasterXML/jackson-databind.git@jackson-databind-2.9.10.1' },
      { type: 'website', url: 'https://github.com/FasterXML/jackson' },
    ],
    [{ type: 'distribution', url: 'https://repo1.maven.org/maven2/com/fasterxml/jackson/core/jackson-core/2.9.10/jackson-core-2.9.10.jar' }],
  ]);
  const many = { type: 'library', name: 'm', externalReferences: Array.from({ length: 40 }, (_, i) => ({ type: 'website', url: `https://example.com/${i}` })) };
  expect(parseSbom(Buffer.from(JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [many] }))).components[0].references).toHaveLength(16);
});

it('reads text as UTF-8 whatever the fast path: non-ASCII JSON strings, a byte-order mark, XML', () => {
  const juiceShop = gunzipSync(testdata('juice-shop-v11.1.2.bom.json.gz'));
  expect(JSON.parse(decodeUpload(juiceShop))).toEqual(JSON.parse(juiceShop.toString('utf8')));
  const name = 'Jürgen-ß-日本-😀-\u00e9';
  const document = { bomFormat: 'CycloneDX', specVersion: '1.5', components: [{ type: 'library', name, version: '1' }] };
  const utf8 = Buffer.from(JSON.stringify(document), 'utf8');
  const withMark = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]);
  expect(parseSbom(utf8).components[0].name).toBe(name);
  expect(parseSbom(withMark).components[0].name).toBe(name);
  expect(decodeUpload(Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]))).toBe('{}');
  // Non-ASCII outside a string stays invalid JSON.
  expect(() => parseSbom(Buffer.from('{"bomFormat": "CycloneDX"é}', 'utf8'))).toThrow(SbomProblem);
  const xml = Buffer.from('\ufeff<bom xmlns="http://cyclonedx.org/schema/bom/1.6"><components><component type="library"><name>Łódź</name></component></components></bom>', 'utf8');
  expect(parseSbom(xml).components[0].name).toBe('Łódź');
});
