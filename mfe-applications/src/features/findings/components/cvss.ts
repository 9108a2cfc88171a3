// A CVSS v3.x / v4.0 vector read as its metrics with their names, so a reader sees "Attack
// Vector: Network" rather than "AV:N". Unknown metrics are shown as they are written.
const METRICS: Record<string, { name: string; values: Record<string, string> }> = {
  AV: { name: 'Attack Vector', values: { N: 'Network', A: 'Adjacent', L: 'Local', P: 'Physical' } },
  AC: { name: 'Attack Complexity', values: { L: 'Low', H: 'High' } },
  AT: { name: 'Attack Requirements', values: { N: 'None', P: 'Present' } },
  PR: { name: 'Privileges Required', values: { N: 'None', L: 'Low', H: 'High' } },
  UI: { name: 'User Interaction', values: { N: 'None', R: 'Required', P: 'Passive', A: 'Active' } },
  S: { name: 'Scope', values: { U: 'Unchanged', C: 'Changed' } },
  C: { name: 'Confidentiality', values: { N: 'None', L: 'Low', H: 'High' } },
  I: { name: 'Integrity', values: { N: 'None', L: 'Low', H: 'High' } },
  A: { name: 'Availability', values: { N: 'None', L: 'Low', H: 'High' } },
  VC: { name: 'Vulnerable System Confidentiality', values: { N: 'None', L: 'Low', H: 'High' } },
  VI: { name: 'Vulnerable System Integrity', values: { N: 'None', L: 'Low', H: 'High' } },
  VA: { name: 'Vulnerable System Availability', values: { N: 'None', L: 'Low', H: 'High' } },
  SC: { name: 'Subsequent System Confidentiality', values: { N: 'None', L: 'Low', H: 'High' } },
  SI: { name: 'Subsequent System Integrity', values: { N: 'None', L: 'Low', H: 'High' } },
  SA: { name: 'Subsequent System Availability', values: { N: 'None', L: 'Low', H: 'High' } },
};

export interface CvssMetric {
  code: string;
  name: string;
  value: string;
}

export interface CvssVector {
  version: string | null;
  metrics: CvssMetric[];
}

export function readCvssVector(vector: string): CvssVector {
  const parts = vector.split('/').filter(Boolean);
  let version: string | null = null;
  const metrics: CvssMetric[] = [];
  for (const part of parts) {
    const [code, value] = part.split(':');
    if (code === 'CVSS') {
      version = value ?? null;
      continue;
    }
    const known = METRICS[code];
    metrics.push({ code, name: known?.name ?? code, value: known?.values[value] ?? value ?? '' });
  }
  return { version, metrics };
}
