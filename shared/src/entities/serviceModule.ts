// Service modules (spec 3): component analysis, code quality, cloud providers, pipelines, CI/CD.

export interface ServiceModuleSync {
  sync_time: string;
}

export interface ServiceModule {
  id: string;
  type: string;
  category: string | null;
  name: string;
  last_sync: ServiceModuleSync | null;
  configs: Record<string, unknown>;
  /** Present only when fetched through the api-key call. */
  api_key?: string;
}
