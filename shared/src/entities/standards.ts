// The security standards of a process (OSCAL catalogs) and their imports, which run in the
// background: the API answers them and mfe-requirements reads them.

export type StandardImportStatus = 'RUNNING' | 'DONE' | 'FAILED';

/** POST standards/imports (202) and GET standards/imports/{id}: an import and its progress. */
export interface StandardImportView {
  id: string;
  status: StandardImportStatus;
  title: string;
  processed: number;
  total: number;
  created: number;
  updated: number;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

/** GET standards: a standard (catalog) imported into the process. */
export interface StandardView {
  id: string;
  title: string;
  /** The catalog's version; '' when it names none. */
  version: string;
  controls: number;
  imported_at: string;
}
