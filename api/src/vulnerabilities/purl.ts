// Package URLs (https://github.com/package-url/purl-spec): pkg:type/namespace/name@version?qualifiers#subpath,
// and the OSV package (ecosystem, name) a purl stands for.

export interface PackageUrl {
  type: string;
  namespace: string | null;
  name: string;
  version: string | null;
  qualifiers: Record<string, string>;
  subpath: string | null;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Parses a purl per the spec; null when it is not one. */
export function parsePurl(purl: string): PackageUrl | null {
  let rest = purl.trim();
  if (!/^pkg:/i.test(rest)) return null;
  rest = rest.slice(4).replace(/^\/+/, '');
  let subpath: string | null = null;
  const hash = rest.indexOf('#');
  if (hash !== -1) {
    subpath = rest
      .slice(hash + 1)
      .split('/')
      .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
      .map(decode)
      .join('/') || null;
    rest = rest.slice(0, hash);
  }
  const qualifiers: Record<string, string> = {};
  const question = rest.indexOf('?');
  if (question !== -1) {
    for (const pair of rest.slice(question + 1).split('&')) {
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const value = decode(pair.slice(equals + 1));
      if (value !== '') qualifiers[pair.slice(0, equals).toLowerCase()] = value;
    }
    rest = rest.slice(0, question);
  }
  const slash = rest.indexOf('/');
  if (slash <= 0) return null;
  const type = rest.slice(0, slash).toLowerCase();
  if (!/^[a-z.+-][a-z0-9.+-]*$/.test(type)) return null;
  rest = rest.slice(slash + 1).replace(/\/+$/, '');
  // The version follows the last '@' of the last segment (a scope's '@' may be unencoded).
  let version: string | null = null;
  const at = rest.lastIndexOf('@');
  if (at > rest.lastIndexOf('/')) {
    version = decode(rest.slice(at + 1)) || null;
    rest = rest.slice(0, at);
  }
  const segments = rest.split('/').filter((segment) => segment !== '');
  const last = segments.pop();
  if (last === undefined) return null;
  let name = decode(last);
  let namespace: string | null = segments.length > 0 ? segments.map(decode).join('/') : null;
  if (name === '') return null;
  // Type-specific normalizations of the spec (Go module paths keep their case, as OSV names them).
  if (['bitbucket', 'github', 'composer', 'hex', 'npm'].includes(type)) {
    name = name.toLowerCase();
    namespace = namespace?.toLowerCase() ?? null;
  }
  if (type === 'pypi') name = name.toLowerCase().replace(/_/g, '-');
  return { type, namespace, name, version, qualifiers, subpath };
}

/** purl type → OSV ecosystem. */
const ECOSYSTEMS: Record<string, string> = {
  npm: 'npm',
  maven: 'Maven',
  pypi: 'PyPI',
  golang: 'Go',
  composer: 'Packagist',
  gem: 'RubyGems',
  nuget: 'NuGet',
  cargo: 'crates.io',
  hex: 'Hex',
  pub: 'Pub',
  hackage: 'Hackage',
  cran: 'CRAN',
  swift: 'SwiftURL',
  conan: 'ConanCenter',
};

/** The ecosystem part OSV may suffix ('Maven:https://maven.google.com' → 'Maven'). */
export function baseEcosystem(ecosystem: string): string {
  const base = ecosystem.split(':')[0];
  return Object.values(ECOSYSTEMS).includes(base) ? base : ecosystem;
}

/**
 * The name under which packages of an ecosystem are compared: PyPI per PEP 503, npm, NuGet,
 * Packagist and crates.io case-insensitively; Maven, Go and RubyGems as written.
 */
export function normalizePackageName(ecosystem: string, name: string): string {
  const trimmed = name.trim();
  switch (baseEcosystem(ecosystem)) {
    case 'PyPI':
      return trimmed.toLowerCase().replace(/[-_.]+/g, '-');
    case 'npm':
    case 'NuGet':
    case 'Packagist':
    case 'crates.io':
    case 'Hex':
      return trimmed.toLowerCase();
    default:
      return trimmed;
  }
}

export interface OsvPackage {
  ecosystem: string;
  /** Normalized (`normalizePackageName`). */
  name: string;
  version: string | null;
}

/** The OSV package of a purl; null for a non-purl or a type no OSV ecosystem covers here. */
export function osvPackageOf(purl: string | PackageUrl): OsvPackage | null {
  const parsed = typeof purl === 'string' ? parsePurl(purl) : purl;
  if (!parsed || !Object.hasOwn(ECOSYSTEMS, parsed.type)) return null;
  const ecosystem = ECOSYSTEMS[parsed.type];
  let name: string;
  switch (parsed.type) {
    case 'maven':
      if (!parsed.namespace) return null;
      name = `${parsed.namespace}:${parsed.name}`;
      break;
    case 'npm':
    case 'golang':
    case 'composer':
    case 'swift':
      name = parsed.namespace ? `${parsed.namespace}/${parsed.name}` : parsed.name;
      break;
    default:
      name = parsed.name;
  }
  return { ecosystem, name: normalizePackageName(ecosystem, name), version: parsed.version };
}

// U+001F: stored in text and text[] (no NUL there); advisories and their packages hold no control characters (import refuses them).
/** The key of a package (ecosystem + normalized name) under which components and advisories meet. */
export const packageKey = (ecosystem: string, name: string): string => `${ecosystem}\u001f${name}`;

/**
 * The package key of a component's purl (`sbom_components.package`, migration 046): '' for no purl
 * or a purl of no OSV ecosystem — a component no advisory can name.
 */
export function componentPackageKey(purl: string | null | undefined): string {
  const pkg = purl ? osvPackageOf(purl) : null;
  return pkg ? packageKey(pkg.ecosystem, pkg.name) : '';
}
