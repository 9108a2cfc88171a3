// @backend-agnostic: pure functions; no table is read or written.
import { osvPackageOf, parsePurl } from './purl';

describe('parsePurl', () => {
  test('type, namespace, name, version, qualifiers, subpath', () => {
    expect(parsePurl('pkg:maven/org.apache.commons/commons-text@1.2?type=jar&classifier=sources#src/main')).toEqual({
      type: 'maven',
      namespace: 'org.apache.commons',
      name: 'commons-text',
      version: '1.2',
      qualifiers: { type: 'jar', classifier: 'sources' },
      subpath: 'src/main',
    });
  });

  test('percent-decoding, scoped npm names with encoded or plain @', () => {
    expect(parsePurl('pkg:npm/%40babel/parser@7.21.2#packages/babel-parser')).toMatchObject({ namespace: '@babel', name: 'parser', version: '7.21.2' });
    expect(parsePurl('pkg:npm/@angular/core@16.0.0')).toMatchObject({ namespace: '@angular', name: 'core', version: '16.0.0' });
    expect(parsePurl('pkg:npm/@angular/core')).toMatchObject({ namespace: '@angular', name: 'core', version: null });
    expect(parsePurl('pkg:golang/github.com/BurntSushi/toml@v0.3.1')).toMatchObject({ namespace: 'github.com/BurntSushi', name: 'toml', version: 'v0.3.1' });
  });

  test('the spec normalizations: lowercased types and names where required', () => {
    expect(parsePurl('PKG:PyPI/Django_Rest@1.0')).toMatchObject({ type: 'pypi', name: 'django-rest' });
    expect(parsePurl('pkg:github/Package-URL/Purl-Spec@244fd47')).toMatchObject({ namespace: 'package-url', name: 'purl-spec' });
  });

  test('not purls', () => {
    for (const text of ['', 'npm/lodash@1.0.0', 'pkg:', 'pkg:npm', 'pkg:npm/', 'pkg:1npm/x@1']) expect(parsePurl(text)).toBeNull();
  });
});

describe('osvPackageOf: purl type → OSV ecosystem and name', () => {
  test.each([
    ['pkg:npm/%40types/node@14.0.23', 'npm', '@types/node', '14.0.23'],
    ['pkg:maven/com.google.guava/guava@24.1.1-jre?type=jar', 'Maven', 'com.google.guava:guava', '24.1.1-jre'],
    ['pkg:pypi/Zope.Interface@5.0', 'PyPI', 'zope-interface', '5.0'],
    ['pkg:golang/gopkg.in/yaml.v3@v3.0.0', 'Go', 'gopkg.in/yaml.v3', 'v3.0.0'],
    ['pkg:composer/GuzzleHttp/Guzzle@6.5.8', 'Packagist', 'guzzlehttp/guzzle', '6.5.8'],
    ['pkg:gem/rails@5.2.4', 'RubyGems', 'rails', '5.2.4'],
    ['pkg:nuget/Newtonsoft.Json@12.0.1', 'NuGet', 'newtonsoft.json', '12.0.1'],
    ['pkg:cargo/Serde@1.0.0', 'crates.io', 'serde', '1.0.0'],
  ])('%s', (purl, ecosystem, name, version) => {
    expect(osvPackageOf(purl)).toEqual({ ecosystem, name, version });
  });

  test('types without an OSV ecosystem here, and Maven without a group', () => {
    expect(osvPackageOf('pkg:deb/debian/curl@7.50.3-1')).toBeNull();
    expect(osvPackageOf('pkg:maven/guava@1')).toBeNull();
  });
});
