// A check's scope resolved against the process's facts: which applications it covers, and which
// scopes of security findings (`app:<key>`, `repo:<name>`, `aws:<account>:<region>`,
// `azure:<subscription>`) fall in it. Names compare case-insensitively, as app keys do.
import type { ComplianceScope } from '@portal/shared/server';
import type { ApplicationFact } from './facts';

/** The applications by their key, portfolio and tag in lower case: built once per run (2,000 checks do not each read 1,000 applications). */
interface ApplicationIndex {
  position: Map<ApplicationFact, number>;
  byKey: Map<string, ApplicationFact>;
  byPortfolio: Map<string, ApplicationFact[]>;
  byTag: Map<string, ApplicationFact[]>;
}

const applicationIndexes = new WeakMap<readonly ApplicationFact[], ApplicationIndex>();

function indexOf(applications: readonly ApplicationFact[]): ApplicationIndex {
  let index = applicationIndexes.get(applications);
  if (!index) {
    index = { position: new Map(applications.map((app, position) => [app, position])), byKey: new Map(), byPortfolio: new Map(), byTag: new Map() };
    const add = (map: Map<string, ApplicationFact[]>, name: string, app: ApplicationFact) => {
      const list = map.get(name.toLowerCase());
      if (list) list.push(app);
      else map.set(name.toLowerCase(), [app]);
    };
    for (const app of applications) {
      index.byKey.set(app.app_key.toLowerCase(), app);
      if (app.portfolio !== null) add(index.byPortfolio, app.portfolio, app);
      for (const tag of app.tags) add(index.byTag, tag, app);
    }
    applicationIndexes.set(applications, index);
  }
  return index;
}

/** The applications a scope covers: all of the process, or those matching any key, portfolio or tag (in the process's order); none for other scopes. */
export function applicationsIn(scope: ComplianceScope, applications: readonly ApplicationFact[]): ApplicationFact[] {
  if (scope.kind === 'process') return [...applications];
  if (scope.kind !== 'applications') return [];
  const index = indexOf(applications);
  const found = new Set<ApplicationFact>();
  for (const key of scope.keys) {
    const app = index.byKey.get(key.toLowerCase());
    if (app) found.add(app);
  }
  for (const portfolio of scope.portfolios) for (const app of index.byPortfolio.get(portfolio.toLowerCase()) ?? []) found.add(app);
  for (const tag of scope.tags) for (const app of index.byTag.get(tag.toLowerCase()) ?? []) found.add(app);
  return [...found].sort((a, b) => index.position.get(a)! - index.position.get(b)!);
}

/** Whether a findings scope falls in the check's scope (`applications`: those the scope covers). */
export function findingScopeTest(scope: ComplianceScope, applications: readonly ApplicationFact[]): (findingScope: string) => boolean {
  switch (scope.kind) {
    case 'process':
      return () => true;
    case 'applications': {
      const scopes = new Set(applicationsIn(scope, applications).map((app) => `app:${app.app_key.toLowerCase()}`));
      return (findingScope) => scopes.has(findingScope.toLowerCase());
    }
    case 'repositories': {
      const scopes = new Set(scope.names.map((name) => `repo:${name.toLowerCase()}`));
      return (findingScope) => scopes.has(findingScope.toLowerCase());
    }
    case 'cloud-accounts': {
      // An account's findings are filed per region (aws:<account>:<region>) or whole (azure:<subscription>).
      const accounts = scope.accounts.map((account) => account.toLowerCase());
      return (findingScope) => {
        const name = findingScope.toLowerCase();
        return accounts.some((account) => name === account || name.startsWith(`${account}:`));
      };
    }
  }
}

/** Whether the scope may hold SBOMs (applications'): repositories and cloud accounts do not. */
export const holdsApplications = (scope: ComplianceScope) => scope.kind === 'process' || scope.kind === 'applications';

/** The scope in words, for summaries ('the process', '2 applications'). */
export function scopeWords(scope: ComplianceScope): string {
  switch (scope.kind) {
    case 'process':
      return 'the process';
    case 'applications': {
      const parts = [
        ...scope.keys.map((key) => `application ${key}`),
        ...scope.portfolios.map((portfolio) => `portfolio ${portfolio}`),
        ...scope.tags.map((tag) => `tag ${tag}`),
      ];
      return parts.length <= 3 ? parts.join(', ') : `${parts.slice(0, 3).join(', ')} and ${parts.length - 3} more`;
    }
    case 'repositories':
      return scope.names.length === 1 ? `repository ${scope.names[0]}` : `${scope.names.length} repositories`;
    case 'cloud-accounts':
      return scope.accounts.length === 1 ? `cloud account ${scope.accounts[0]}` : `${scope.accounts.length} cloud accounts`;
  }
}
