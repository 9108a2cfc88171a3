// An OSV record (https://ossf.github.io/osv-schema/): what the vulnerability database imports and
// what GET vulnerabilities/{id} answers as the advisory's `record`. The API's importer checks a
// record against these types; the applications screens read its references and affected ranges.

export interface OsvEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
  limit?: string;
}

export interface OsvRange {
  type: string;
  repo?: string;
  events: OsvEvent[];
}

export interface OsvSeverity {
  type: string;
  score: string;
}

export interface OsvAffected {
  package?: { ecosystem: string; name: string; purl?: string };
  versions?: string[];
  ranges?: OsvRange[];
  severity?: OsvSeverity[];
  ecosystem_specific?: Record<string, unknown>;
  database_specific?: Record<string, unknown>;
}

export interface OsvRecord {
  schema_version?: string;
  id: string;
  modified: string;
  published?: string;
  withdrawn?: string;
  aliases?: string[];
  related?: string[];
  summary?: string;
  details?: string;
  severity?: OsvSeverity[];
  affected?: OsvAffected[];
  references?: { type: string; url: string }[];
  database_specific?: Record<string, unknown>;
}
