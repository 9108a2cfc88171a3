// @backend-agnostic: pure functions; no table is read or written.
import * as pep440 from '@renovatebot/pep440';
import { Version as GemVersion } from '@renovatebot/ruby-semver/dist/ruby/version';
import fc from 'fast-check';
import semver from 'semver';
import { compareVersions, ecosystemOrder } from '.';
import { compareComposerVersions, parseComposerVersion } from './composer';
import { compareMavenVersions, parseMavenVersion } from './maven';

/** Asserts that `versions` are strictly increasing in the ecosystem's order (every pair checked). */
function expectAscending(ecosystem: string, versions: string[]): void {
  for (let i = 0; i < versions.length; i += 1) {
    for (let j = 0; j < versions.length; j += 1) {
      const expected = Math.sign(i - j);
      const actual = compareVersions(ecosystem, versions[i], versions[j]);
      if (actual === undefined || Math.sign(actual) !== expected) {
        throw new Error(`${ecosystem}: compare(${versions[i]}, ${versions[j]}) = ${actual}, expected ${expected}`);
      }
    }
  }
}

function expectEqual(ecosystem: string, a: string, b: string): void {
  expect([a, b, compareVersions(ecosystem, a, b)]).toEqual([a, b, 0]);
}

describe('npm and crates.io (SemVer 2.0)', () => {
  test('pre-releases sort before their release; identifiers numerically then lexically', () => {
    for (const ecosystem of ['npm', 'crates.io']) {
      expectAscending(ecosystem, ['0.0.1', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '1.0.1', '1.2.0', '1.10.0', '2.0.0']);
    }
  });

  test('build metadata is ignored, short versions are padded, a v prefix is tolerated', () => {
    expectEqual('npm', '1.0.0+build.5', '1.0.0');
    expectEqual('npm', '1.0', '1.0.0');
    expectEqual('npm', 'v2.3.4', '2.3.4');
  });

  test('non-versions do not parse', () => {
    for (const version of ['latest', '1.x', '', '^1.2.3', 'git+https://example.com/x.git']) expect(ecosystemOrder('npm')?.parse(version)).toBeNull();
  });
});

describe('Go', () => {
  test('pseudo-versions sort before the release they precede and by time', () => {
    expectAscending('Go', [
      'v0.0.0-20190306092124-e2d15f34fcf9',
      'v0.0.0-20200313102051-9f266ea9e77c',
      'v0.1.0',
      'v1.2.3',
      'v1.2.4-0.20191109021931-daa7c04131f5',
      'v1.2.4-pre',
      'v1.2.4',
      'v3.0.0-20200313102051-9f266ea9e77c',
      'v3.0.0',
    ]);
  });

  test('OSV writes Go versions without the v; +incompatible is build metadata', () => {
    expectEqual('Go', 'v3.2.0', '3.2.0');
    expectEqual('Go', 'v3.2.0+incompatible', '3.2.0');
  });
});

describe('NuGet', () => {
  test('four numeric parts, case-insensitive pre-releases', () => {
    expectAscending('NuGet', ['1.0.0-alpha', '1.0.0-Beta', '1.0.0-rc.2', '1.0.0-rc.10', '1.0.0', '1.0.0.1', '1.0.1', '2.29.2']);
    expectEqual('NuGet', '1.0', '1.0.0.0');
    expectEqual('NuGet', '1.0.0-RC.1', '1.0.0-rc.1');
  });
});

describe('PyPI (PEP 440)', () => {
  test('dev < a < b < rc < release < post; epochs first', () => {
    expectAscending('PyPI', ['1.0.dev1', '1.0a1', '1.0a2.dev1', '1.0a2', '1.0b1', '1.0rc1', '1.0', '1.0.post1', '1.0.post2.dev1', '1.0.post2', '1.0.1', '1.1', '2!0.1']);
  });

  test('normalized spellings are equal', () => {
    expectEqual('PyPI', '1.0', '1.0.0');
    expectEqual('PyPI', '1.0-post1', '1.0.post1');
    expectEqual('PyPI', '1.0alpha1', '1.0a1');
    expectEqual('PyPI', 'v1.0', '1.0');
  });

  test('non-versions do not parse', () => {
    expect(ecosystemOrder('PyPI')?.parse('not a version')).toBeNull();
  });
});

describe('RubyGems', () => {
  test('a letter makes a pre-release; segments compared numerically', () => {
    expectAscending('RubyGems', ['1.0.0.a', '1.0.0.beta.2', '1.0.0.pre', '1.0.0.rc1', '1.0.0', '1.0.1', '1.9', '1.10']);
    expectEqual('RubyGems', '1.0', '1.0.0');
  });

  test('non-versions do not parse', () => {
    expect(ecosystemOrder('RubyGems')?.parse('1.0 beta')).toBeNull();
  });
});

describe('Maven (ComparableVersion)', () => {
  test('qualifiers: alpha < beta < milestone < rc = cr < snapshot < release = ga = final < sp', () => {
    expectAscending('Maven', ['1-alpha-1', '1-alpha-2', '1-beta-1', '1-milestone-1', '1-rc-1', '1-snapshot', '1', '1-sp', '1-sp-1', '1.0.1']);
    expectEqual('Maven', '1-rc-1', '1-cr-1');
    expectEqual('Maven', '1', '1-ga');
    expectEqual('Maven', '1', '1.0.0-final');
    expectEqual('Maven', '2.0.0.RELEASE', '2.0.0');
    expectEqual('Maven', '1a1', '1-alpha-1');
    expectEqual('Maven', '1.0.0', '1');
  });

  test('unknown qualifiers come after the release, numbers after qualifiers', () => {
    expectAscending('Maven', ['24.1.1', '24.1.1-android', '24.1.1-jre', '24.1.1.1']);
    expectAscending('Maven', ['2.9.10', '2.9.10.4', '2.10.0', '2.12.6.1', '2.13.0']);
    expectAscending('Maven', ['1.0-SNAPSHOT', '1.0', '1.0-abc', '1.0-xyz', '1.0.1']);
  });

  test('dots and dashes separate; trailing zeros vanish', () => {
    expect(compareMavenVersions(parseMavenVersion('1.0.0.0')!, parseMavenVersion('1')!)).toBe(0);
    expect(compareMavenVersions(parseMavenVersion('1-1')!, parseMavenVersion('1.1')!)).toBeLessThan(0);
    expect(parseMavenVersion('  ')).toBeNull();
  });
});

describe('Packagist (Composer, version_compare)', () => {
  test('dev < alpha < beta < RC < release < patch', () => {
    expectAscending('Packagist', ['1.0.0-dev', '1.0.0-alpha1', '1.0.0-alpha2', '1.0.0-beta1', '1.0.0-RC1', '1.0.0', '1.0.0-p1', '1.0.1', '1.8.4', '1.9.0', '1.9.1', '6.5.7', '6.5.8', '7.0.0']);
  });

  test('normalization: v prefix, four parts, separators', () => {
    expectEqual('Packagist', 'v1.2', '1.2.0.0');
    expectEqual('Packagist', '1.0.0-beta.1', '1.0.0beta1');
    expect(compareComposerVersions(parseComposerVersion('2.0.0-RC2')!, parseComposerVersion('2.0.0-rc.10')!)).toBeLessThan(0);
    expect(parseComposerVersion('dev-master')).toBeNull();
  });
});

test('unknown ecosystems have no order', () => {
  expect(ecosystemOrder('Debian:11')).toBeUndefined();
  expect(ecosystemOrder('constructor')).toBeUndefined();
  expect(ecosystemOrder('Maven:https://maven.google.com')?.name).toBe('Maven ComparableVersion');
});

describe('fast paths agree with the reference implementations', () => {
  const identifier = fc.oneof(fc.integer({ min: 0, max: 30 }).map(String), fc.constantFrom('alpha', 'beta', 'rc', 'a', 'b', 'x-y', '0a'));
  const semverText = fc
    .tuple(fc.nat(12), fc.nat(12), fc.nat(12), fc.array(identifier, { maxLength: 3 }))
    .map(([major, minor, patch, pre]) => `${major}.${minor}.${patch}${pre.length > 0 ? `-${pre.join('.')}` : ''}`);

  test('npm order = the semver package', () => {
    fc.assert(
      fc.property(semverText, semverText, (a, b) => {
        expect(Math.sign(compareVersions('npm', a, b) ?? NaN)).toBe(semver.compare(a, b));
      }),
      { numRuns: 2000 },
    );
  });

  test('PyPI order = @renovatebot/pep440 (plain releases and the rest)', () => {
    const pep440Text = fc
      .tuple(fc.array(fc.nat(12), { minLength: 1, maxLength: 4 }), fc.constantFrom('', 'a1', 'b2', 'rc1', '.post1', '.dev3', 'rc1.post2.dev1', '+local.7'))
      .map(([release, suffix]) => `${release.join('.')}${suffix}`);
    fc.assert(
      fc.property(pep440Text, pep440Text, (a, b) => {
        expect(Math.sign(compareVersions('PyPI', a, b) ?? NaN)).toBe(Math.sign(pep440.compare(a, b)));
      }),
      { numRuns: 2000 },
    );
  });

  test('RubyGems order = Gem::Version#<=> of @renovatebot/ruby-semver', () => {
    const gemText = fc
      .tuple(fc.array(fc.nat(12), { minLength: 1, maxLength: 4 }), fc.constantFrom('', '.pre', '.rc1', '.a', '.beta.2', '.0'))
      .map(([release, suffix]) => `${release.join('.')}${suffix}`);
    fc.assert(
      fc.property(gemText, gemText, (a, b) => {
        expect(Math.sign(compareVersions('RubyGems', a, b) ?? NaN)).toBe(Math.sign(GemVersion.create(a)!.compare(GemVersion.create(b))));
      }),
      { numRuns: 2000 },
    );
  });
});
