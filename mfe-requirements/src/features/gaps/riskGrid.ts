// The 5×5 grid of open risks: one cell per likelihood × impact, with how many open risks fall in it.
import type { Risk } from '../../types/analysis';

export const LEVELS = [1, 2, 3, 4, 5] as const;

export interface HeatCell {
  likelihood: number;
  impact: number;
  score: number;
  count: number;
}

export function heatCells(risks: readonly Pick<Risk, 'likelihood' | 'impact' | 'status'>[]): HeatCell[] {
  const cells: HeatCell[] = [];
  for (const impact of LEVELS) {
    for (const likelihood of LEVELS) {
      const count = risks.filter((risk) => risk.status === 'OPEN' && risk.likelihood === likelihood && risk.impact === impact).length;
      cells.push({ likelihood, impact, score: likelihood * impact, count });
    }
  }
  return cells;
}

/** The band a score belongs to: low (1–4), medium (5–9), high (10–16), critical (17–25). */
export function scoreBand(score: number): 'Low' | 'Medium' | 'High' | 'Critical' {
  if (score >= 17) return 'Critical';
  if (score >= 10) return 'High';
  if (score >= 5) return 'Medium';
  return 'Low';
}
