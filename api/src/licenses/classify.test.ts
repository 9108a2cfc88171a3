// @backend-agnostic: pure functions; no table is read or written.
// The classification table, row by row: each row worked out from the SPDX license list and the
// two lists the classifier reads (Blue Oak permissive, spdx-copyleft).
import { classifyLicenses } from './classify';

const TABLE: [string, string[], { expression: string | null; category: string; corrected?: boolean }][] = [
  ['an SPDX id on the Blue Oak list', ['MIT'], { expression: 'MIT', category: 'permissive' }],
  ['public domain dedications are permissive', ['CC0-1.0'], { expression: 'CC0-1.0', category: 'permissive' }],
  ['an expression with OR: the best known choice', ['(MIT OR Apache-2.0)'], { expression: 'MIT OR Apache-2.0', category: 'permissive' }],
  ['OR between copyleft and permissive: permissive', ['GPL-3.0-only OR MIT'], { expression: 'GPL-3.0-only OR MIT', category: 'permissive' }],
  ['AND: everything applies', ['MIT AND LGPL-2.1-only'], { expression: 'MIT AND LGPL-2.1-only', category: 'weak-copyleft' }],
  ['several declared licenses are a choice (Maven: ASL 2.0, GPL v2, MPL 1.1; "ASL 2.0" is not readable)', ['ASL 2.0', 'GPL v2', 'MPL-1.1'], { expression: 'GPL-2.0-only OR MPL-1.1', category: 'weak-copyleft', corrected: true }],
  ['a choice with a permissive license is permissive', ['Apache-2.0', 'GPL-2.0-or-later'], { expression: 'Apache-2.0 OR GPL-2.0-or-later', category: 'permissive' }],
  ['…a choice between copyleft licenses takes the weaker', ['GPL-2.0-or-later', 'LGPL-2.1-or-later'], { expression: 'GPL-2.0-or-later OR LGPL-2.1-or-later', category: 'weak-copyleft' }],
  ['a deprecated id inside an expression', ['(CDDL-1.0 OR GPL-2.0-with-classpath-exception)'], { expression: 'CDDL-1.0 OR GPL-2.0-only WITH Classpath-exception-2.0', category: 'weak-copyleft' }],
  ['LGPL is weak copyleft', ['LGPL-3.0-or-later'], { expression: 'LGPL-3.0-or-later', category: 'weak-copyleft' }],
  ['MPL and EPL are weak copyleft', ['MPL-2.0 AND EPL-2.0'], { expression: 'MPL-2.0 AND EPL-2.0', category: 'weak-copyleft' }],
  ['EPL-1.0, missing from spdx-copyleft, is weak copyleft', ['EPL-1.0'], { expression: 'EPL-1.0', category: 'weak-copyleft' }],
  ['CDDL is weak copyleft', ['CDDL-1.1'], { expression: 'CDDL-1.1', category: 'weak-copyleft' }],
  ['AGPL is strong copyleft', ['AGPL-3.0-only'], { expression: 'AGPL-3.0-only', category: 'strong-copyleft' }],
  ['a deprecated GNU id reads as -only', ['GPL-2.0'], { expression: 'GPL-2.0-only', category: 'strong-copyleft' }],
  ['a deprecated GNU id with + reads as -or-later', ['LGPL-2.1+'], { expression: 'LGPL-2.1-or-later', category: 'weak-copyleft' }],
  ['GPL with the Classpath exception is weak copyleft', ['GPL-2.0-only WITH Classpath-exception-2.0'], { expression: 'GPL-2.0-only WITH Classpath-exception-2.0', category: 'weak-copyleft' }],
  ['the deprecated id with the exception in it', ['GPL-2.0-with-classpath-exception'], { expression: 'GPL-2.0-only WITH Classpath-exception-2.0', category: 'weak-copyleft' }],
  ['a Maven name of GPL with the Classpath exception', ['GNU General Public License, version 2 (GPL2), with the classpath exception'], { expression: 'GPL-2.0-only WITH Classpath-exception-2.0', category: 'weak-copyleft', corrected: true }],
  ['a name corrected to its SPDX id', ['Apache 2'], { expression: 'Apache-2.0', category: 'permissive', corrected: true }],
  ['MIT/X11 corrected', ['MIT/X11'], { expression: 'MIT', category: 'permissive', corrected: true }],
  ['a license nobody can read is unknown', ['GooglePatentClause'], { expression: null, category: 'unknown', corrected: true }],
  ['an unreadable license next to a readable one is left out', ['MIT', 'Some Proprietary Terms v7'], { expression: 'MIT', category: 'permissive', corrected: true }],
  ['…whatever the readable one is', ['GPL-3.0-only', 'Some Proprietary Terms v7'], { expression: 'GPL-3.0-only', category: 'strong-copyleft', corrected: true }],
  ['a Maven name of EPL 2.0 (the corrector reads EPL-1.0: weak copyleft either way)', ['Eclipse Public License v2.0'], { expression: 'EPL-1.0', category: 'weak-copyleft', corrected: true }],
  ['LicenseRef is unknown', ['LicenseRef-acme-eula'], { expression: 'LicenseRef-acme-eula', category: 'unknown' }],
  ['nothing declared is unknown', [], { expression: null, category: 'unknown' }],
  ['a CC attribution license is permissive', ['CC-BY-3.0'], { expression: 'CC-BY-3.0', category: 'permissive' }],
  ['a CC share-alike license is strong copyleft', ['CC-BY-SA-4.0'], { expression: 'CC-BY-SA-4.0', category: 'strong-copyleft' }],
];

test.each(TABLE)('%s (%j)', (_description, declared, expected) => {
  const classified = classifyLicenses(declared);
  expect({ expression: classified.expression, category: classified.category }).toEqual({ expression: expected.expression, category: expected.category });
  expect(classified.corrected).toBe(expected.corrected ?? false);
});

test('ids in order, once each', () => {
  expect(classifyLicenses(['(MIT OR Apache-2.0) AND MIT AND GPL-2.0+']).ids).toEqual(['MIT', 'Apache-2.0', 'GPL-2.0-or-later']);
});
