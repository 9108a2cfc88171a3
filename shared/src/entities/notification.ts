// In-app notifications, instant messages and the events users receive (spec 3, 4.5, 7).

export interface Notification {
  eventId: string;
  project: string;
  login_id: string;
  /** ISO timestamp. */
  time: string;
  title: string;
  /** May contain one link delimited by double hash marks (##...##). */
  message: string;
  link?: string | null;
  sender: string;
  read: boolean;
}

export interface InstantMessage {
  type: 'instant-message';
  project: string;
  sender: string;
  eventId: string;
  message: string;
  /** ISO timestamp. */
  time: string;
}

export interface UserEventData {
  graph?: string;
  login_id?: string;
  id?: string;
}

/** An event delivered on `events#{userId}`; consumers filter by type. */
export interface UserEvent {
  type: string;
  session_id: string;
  data: UserEventData;
}

export const REQUIREMENT_EVENTS = [
  'Add',
  'Update',
  'Submit for Review',
  'Reject Review',
  'Accept Review',
  'Update Progress',
  'Resume',
  'Identify Gap',
  'Identify Risk',
  'Complete',
  'Remind Due Date',
  'Past Due',
  'Fail',
  'Delete',
] as const;

export const TASK_EVENTS = ['New', 'Assign', 'Update Progress', 'Complete', 'Fail', 'Remind Due Date', 'Past Due'] as const;

/**
 * The portal's own live events of a requirement's records (not spec 4.5 events, not in its
 * history): 'Comment' — a comment was added to the requirement (`data.requirement_id`).
 * Attachments added or removed are recorded as the requirement's Update event.
 */
export const REQUIREMENT_RECORD_EVENTS = ['Comment'] as const;

export const OTHER_EVENTS = [
  'System Sign On',
  'Import SBOM',
  'Generate SBOM',
  'New Vulnerability',
  'New Active Exploit',
  'Update Module Configuration',
  'Add Organization',
  'Update Organization',
  'Update Metric',
] as const;

export type RequirementEventName = (typeof REQUIREMENT_EVENTS)[number];
export type TaskEventName = (typeof TASK_EVENTS)[number];
export type RequirementRecordEventName = (typeof REQUIREMENT_RECORD_EVENTS)[number];
export type OtherEventName = (typeof OTHER_EVENTS)[number];

/**
 * A user's notification preferences (GET/PUT users/{username}/notification-preferences): the event
 * kinds they muted (no bell, no mail) and whether their mail comes as one daily digest.
 */
export interface NotificationPreferences {
  /** Event kinds as the process's notification settings name them ('Requirement: Submit for Review'). */
  muted: string[];
  mail_digest: boolean;
}

/** What GET answers: the preferences and every event kind that can be muted, in the settings' order. */
export interface NotificationPreferencesView extends NotificationPreferences {
  events: string[];
}
