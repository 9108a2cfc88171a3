// The session state machine of spec 4.1, as data for the POC State Machine screen: the states the
// session's authentication_status takes and the transitions the spec names between them.
import type { AuthenticationStatus } from '@portal/shared';

export interface MachineState {
  /** The authentication_status value ('' is the spec's "empty": no session, sign-in shown). */
  status: AuthenticationStatus;
  label: string;
  /** What the portal shows in it (spec 4.1). */
  shows: string;
  x: number;
  y: number;
}

export interface Transition {
  from: AuthenticationStatus;
  to: AuthenticationStatus;
  label: string;
}

export const MACHINE_STATES: readonly MachineState[] = [
  { status: 'Init', label: 'Init', shows: 'fetches the current session', x: 80, y: 150 },
  { status: 'Error', label: 'Error', shows: 'Connection Error with Try Again', x: 80, y: 290 },
  { status: '', label: 'Empty', shows: 'sign-in (or the invitation page)', x: 300, y: 60 },
  { status: 'MfaVerification', label: 'MfaVerification', shows: 'code entry', x: 300, y: 240 },
  { status: 'MfaSetup', label: 'MfaSetup', shows: 'the two-factor setup wizard', x: 520, y: 240 },
  { status: 'Authenticated', label: 'Authenticated', shows: 'the portal', x: 520, y: 60 },
];

export const TRANSITIONS: readonly Transition[] = [
  { from: 'Init', to: '', label: 'no session' },
  { from: 'Init', to: 'Error', label: 'fetch fails' },
  { from: 'Error', to: 'Init', label: 'Try Again' },
  { from: 'Init', to: 'Authenticated', label: 'authenticated' },
  { from: '', to: 'MfaVerification', label: 'sign in' },
  { from: '', to: 'MfaSetup', label: 'first sign-in' },
  { from: 'MfaVerification', to: 'Authenticated', label: 'code verified' },
  { from: 'MfaSetup', to: 'Authenticated', label: 'Finish' },
  { from: 'Authenticated', to: '', label: 'logout, 401, newer session' },
];

export function stateOf(status: AuthenticationStatus | undefined): MachineState {
  return MACHINE_STATES.find((state) => state.status === (status ?? '')) ?? MACHINE_STATES[2];
}
