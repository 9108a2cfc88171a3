// How the Background Jobs screen writes a job's numbers: a run's duration, and a payload on one line.

/** A run's duration in seconds: '250 ms', '4.2 s', '3 min 5 s'; '—' when no job completed. */
export function durationText(seconds: number, completed: number): string {
  if (completed === 0) return '—';
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

/** A job's payload as sent ('—' when empty): what it was about (an application, a build). */
export function payloadText(payload: Record<string, unknown>): string {
  return Object.keys(payload).length === 0 ? '—' : JSON.stringify(payload);
}
