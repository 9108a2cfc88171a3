// A source repository from an external reference (issue 7 item 9, repository analysis): the many
// ways SBOM tools write one repository — git+https://…/a.git#readme, git@github.com:o/a,
// scm:git:git://…, github:o/a, a tree/blob link into it — reduced to one URL. Website and
// distribution links count only when they point into a known forge; a vcs link always does.
import type { ReferenceType } from '../sbom/index';

/** Forges whose repositories are /<owner>/<name>: a deeper path is inside the repository. */
const FORGES = new Set(['github.com', 'gitlab.com', 'bitbucket.org', 'codeberg.org']);

export interface SourceRepositoryUrl {
  url: string;
  host: string;
}

export function sourceRepository(type: ReferenceType, reference: string): SourceRepositoryUrl | null {
  let text = reference.trim().replace(/^scm:(?:git|svn|hg):/i, '').replace(/^(git|svn|hg|bzr)\+/i, '');
  const shorthand = /^(github|gitlab|bitbucket):([\w.-]+\/[\w.-]+)$/i.exec(text);
  if (shorthand) text = `https://${shorthand[1].toLowerCase()}.${shorthand[1].toLowerCase() === 'bitbucket' ? 'org' : 'com'}/${shorthand[2]}`;
  const scp = /^[\w.-]+@([\w.-]+):(?!\/\/)(.+)$/.exec(text);
  if (scp) text = `https://${scp[1]}/${scp[2]}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!['http:', 'https:', 'git:', 'ssh:', 'svn:'].includes(url.protocol) || url.hostname === '') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const segments = url.pathname.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
  if (FORGES.has(host)) {
    if (segments.length < 2) return null;
    const name = segments[1].replace(/\.git$/i, '');
    return { url: `https://${host}/${segments[0]}/${name}`.toLowerCase(), host };
  }
  if (type !== 'vcs') return null;
  const path = segments.join('/').replace(/\.git$/i, '');
  const scheme = url.protocol === 'svn:' ? 'svn' : 'https';
  return { url: `${scheme}://${host}${path ? `/${path}` : ''}`, host };
}
