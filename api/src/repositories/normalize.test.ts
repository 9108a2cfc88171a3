// @backend-agnostic: pure functions; no table is read or written.
import { sourceRepository } from './normalize';

const TABLE: [string, 'vcs' | 'website' | 'distribution', string, string | null][] = [
  ['npm: git+https with .git', 'vcs', 'git+https://github.com/expressjs/body-parser.git', 'https://github.com/expressjs/body-parser'],
  ['npm: the readme link of the same repository', 'website', 'https://github.com/expressjs/body-parser#readme', 'https://github.com/expressjs/body-parser'],
  ['scp-like ssh', 'vcs', 'git@github.com:Acme/Shop.git', 'https://github.com/acme/shop'],
  ['git:// protocol', 'vcs', 'git://github.com/isaacs/ms.git', 'https://github.com/isaacs/ms'],
  ['ssh:// with a user', 'vcs', 'git+ssh://git@github.com/ljharb/qs.git', 'https://github.com/ljharb/qs'],
  ['Maven scm:git', 'vcs', 'scm:git:git://github.com/FasterXML/jackson-databind.git', 'https://github.com/fasterxml/jackson-databind'],
  ['npm shorthand', 'vcs', 'github:sindresorhus/got', 'https://github.com/sindresorhus/got'],
  ['a link into a monorepo is its repository', 'website', 'https://github.com/babel/babel/tree/master/packages/babel-core', 'https://github.com/babel/babel'],
  ['gitlab with www', 'vcs', 'https://www.gitlab.com/group/project', 'https://gitlab.com/group/project'],
  ['a vcs on another host keeps its path', 'vcs', 'https://git.eclipse.org/c/jetty/org.eclipse.jetty.project.git', 'https://git.eclipse.org/c/jetty/org.eclipse.jetty.project'],
  ['svn', 'vcs', 'svn://svn.apache.org/repos/asf/commons', 'svn://svn.apache.org/repos/asf/commons'],
  ['a website that is not a forge is no repository', 'website', 'https://lodash.com/', null],
  ['a distribution on a registry is no repository', 'distribution', 'https://registry.npmjs.org/ms/-/ms-2.0.0.tgz', null],
  ['a forge without owner/name', 'website', 'https://github.com/', null],
  ['not a URL', 'vcs', 'see the README', null],
];

test.each(TABLE)('%s (%s %s)', (_description, type, reference, expected) => {
  expect(sourceRepository(type, reference)?.url ?? null).toBe(expected);
});
