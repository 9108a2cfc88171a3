// Repository analysis of a build (issue 7 item 9): where its components' sources live, from their
// external references — per repository and per host, with how many components each holds.
import { REPOSITORY_REFERENCE_TYPES, type RepositoryAnalysis, type RepositoryReferenceType, type SourceRepository } from '@portal/shared/server';
import type { ApplicationRecord, BuildRecord } from '../apps/index';
import type { Queryable } from '../db/database';
import { sourceRepository } from './normalize';
import { referencingComponentsOf } from './repository';

/** A repository lists at most this many of its components' bom_refs. */
export const LISTED_COMPONENTS = 100;

export async function repositoryAnalysis(db: Queryable, application: ApplicationRecord, build: BuildRecord): Promise<RepositoryAnalysis> {
  const referencing = await referencingComponentsOf(db, build.id);
  // Each reference is 'type url' (sbom/store.repository.ts).
  const references = referencing.flatMap((component) =>
    component.external_references.map((reference) => {
      const space = reference.indexOf(' ');
      return { position: component.position, bom_ref: component.bom_ref, type: reference.slice(0, space) as RepositoryReferenceType, url: reference.slice(space + 1) };
    }),
  );
  const byType = Object.fromEntries(REPOSITORY_REFERENCE_TYPES.map((type) => [type, new Set<number>()])) as Record<RepositoryReferenceType, Set<number>>;
  const repositories = new Map<string, { url: string; host: string; types: Set<RepositoryReferenceType>; positions: Set<number>; refs: string[] }>();
  for (const reference of references) {
    byType[reference.type].add(reference.position);
    const source = sourceRepository(reference.type, reference.url);
    if (!source) continue;
    let repository = repositories.get(source.url);
    if (!repository) repositories.set(source.url, (repository = { ...source, types: new Set(), positions: new Set(), refs: [] }));
    repository.types.add(reference.type);
    if (!repository.positions.has(reference.position)) {
      repository.positions.add(reference.position);
      if (repository.refs.length < LISTED_COMPONENTS) repository.refs.push(reference.bom_ref);
    }
  }
  const listed: SourceRepository[] = [...repositories.values()]
    .map((repository) => ({
      url: repository.url,
      host: repository.host,
      types: REPOSITORY_REFERENCE_TYPES.filter((type) => repository.types.has(type)),
      components: repository.positions.size,
      component_refs: repository.refs,
    }))
    .sort((a, b) => b.components - a.components || a.url.localeCompare(b.url));
  const hosts = new Map<string, { host: string; repositories: number; positions: Set<number> }>();
  for (const repository of repositories.values()) {
    const host = hosts.get(repository.host) ?? { host: repository.host, repositories: 0, positions: new Set<number>() };
    host.repositories += 1;
    for (const position of repository.positions) host.positions.add(position);
    hosts.set(repository.host, host);
  }
  const referenced = new Set(references.map((reference) => reference.position));
  return {
    app_key: application.app_key,
    build: { id: build.id, number: build.number },
    components: build.component_count,
    with_vcs: byType.vcs.size,
    without_reference: build.component_count - referenced.size,
    by_type: Object.fromEntries(REPOSITORY_REFERENCE_TYPES.map((type) => [type, byType[type].size])) as Record<RepositoryReferenceType, number>,
    hosts: [...hosts.values()]
      .map((host) => ({ host: host.host, repositories: host.repositories, components: host.positions.size }))
      .sort((a, b) => b.components - a.components || a.host.localeCompare(b.host)),
    repositories: listed,
  };
}
