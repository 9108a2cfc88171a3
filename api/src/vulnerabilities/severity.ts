// Severity of an advisory: the base score computed from its CVSS vector (v4.0 preferred, then
// v3.1/v3.0, then v2), rated with CVSS's qualitative scale; without a usable vector, the rating
// the advisory states itself (database_specific.severity, e.g. GitHub's MODERATE).
import { Cvss2, Cvss3P0, Cvss3P1, Cvss4P0 } from 'ae-cvss-calculator';
import type { OsvRecord, OsvSeverity } from './osv';

export const SEVERITY_RATINGS = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN'] as const;
export type SeverityRating = (typeof SEVERITY_RATINGS)[number];

export interface Severity {
  /** The CVSS vector the score comes from; null when none could be scored. */
  vector: string | null;
  score: number | null;
  rating: SeverityRating;
}

/** CVSS v3/v4 qualitative severity rating scale. */
export function ratingOfScore(score: number): SeverityRating {
  if (score >= 9) return 'CRITICAL';
  if (score >= 7) return 'HIGH';
  if (score >= 4) return 'MEDIUM';
  if (score > 0) return 'LOW';
  return 'NONE';
}

// Scoring a CVSS 4.0 vector takes milliseconds, and advisories share few distinct vectors: the
// scores are remembered (bounded).
const SCORES = new Map<string, number | null>();
const SCORES_KEPT = 20_000;

/** The base score of a CVSS vector, or null when it is not a complete vector. */
export function cvssBaseScore(vector: string): number | null {
  const text = vector.trim();
  const known = SCORES.get(text);
  if (known !== undefined) return known;
  const score = computeBaseScore(text);
  if (SCORES.size >= SCORES_KEPT) SCORES.clear();
  SCORES.set(text, score);
  return score;
}

function computeBaseScore(text: string): number | null {
  try {
    if (text.startsWith('CVSS:4.0/')) {
      const cvss = new Cvss4P0(text);
      return cvss.isBaseFullyDefined() ? (cvss.calculateScores().base ?? null) : null;
    }
    if (text.startsWith('CVSS:3.1/') || text.startsWith('CVSS:3.0/')) {
      const cvss = text.startsWith('CVSS:3.1/') ? new Cvss3P1(text) : new Cvss3P0(text);
      return cvss.isBaseFullyDefined() ? (cvss.calculateScores().base ?? null) : null;
    }
    if (/^(AV:[LAN])\//.test(text)) {
      const cvss = new Cvss2(text);
      return cvss.isBaseFullyDefined() ? (cvss.calculateScores().base ?? null) : null;
    }
  } catch {
    return null;
  }
  return null;
}

const PREFERENCE = ['CVSS_V4', 'CVSS_V3', 'CVSS_V2'];

function v2Rating(score: number): SeverityRating {
  return score >= 7 ? 'HIGH' : score >= 4 ? 'MEDIUM' : 'LOW';
}

const STATED: Record<string, SeverityRating> = {
  CRITICAL: 'CRITICAL',
  HIGH: 'HIGH',
  IMPORTANT: 'HIGH',
  MODERATE: 'MEDIUM',
  MEDIUM: 'MEDIUM',
  LOW: 'LOW',
  NONE: 'NONE',
};

/** The severity of a record (its own `severity`, else that of its affected packages). */
export function severityOf(record: OsvRecord): Severity {
  const vectors: OsvSeverity[] = [...(record.severity ?? []), ...(record.affected ?? []).flatMap((a) => a.severity ?? [])];
  for (const type of PREFERENCE) {
    for (const entry of vectors) {
      if (entry.type !== type || typeof entry.score !== 'string') continue;
      const score = cvssBaseScore(entry.score);
      if (score !== null) return { vector: entry.score, score, rating: type === 'CVSS_V2' ? v2Rating(score) : ratingOfScore(score) };
    }
  }
  const stated = [record.database_specific?.severity, ...(record.affected ?? []).map((a) => a.database_specific?.severity ?? a.ecosystem_specific?.severity)]
    .find((value) => typeof value === 'string' && Object.hasOwn(STATED, value.toUpperCase()));
  return { vector: null, score: null, rating: typeof stated === 'string' ? STATED[stated.toUpperCase()] : 'UNKNOWN' };
}
