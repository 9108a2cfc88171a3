// The organization shapes of the administration API (docs/authorization.md, "Organizations") and
// the subscription read shared by Organization Administration and Subscription Info.
import {
  apiClient,
  formatDate,
  FREE_TRIAL_DAYS,
  UNLIMITED,
  type OrganizationUsage,
  type OrganizationView,
  type ProcessModuleConfiguration,
  type SubscriptionView,
} from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { FORBIDDEN_IN_PLACE } from './inPlaceErrors';

/** An organization's modules and limits; counts of -1 are unlimited. */
export type ModuleConfiguration = ProcessModuleConfiguration;

// What GET organizations and GET subscription answer: the contract's, under the names these screens use.
export type { OrganizationUsage, OrganizationView as Organization, SubscriptionView as Subscription };

/** Each counted resource: its usage field, its limit field and how users call it. */
export const LIMITS = [
  { usage: 'projects', limit: 'num_of_projects', label: 'Processes' },
  { usage: 'users', limit: 'num_of_users', label: 'Users' },
  { usage: 'apps', limit: 'num_of_apps', label: 'Applications' },
] as const satisfies readonly { usage: keyof OrganizationUsage; limit: keyof ModuleConfiguration; label: string }[];

/** The module switches of a module configuration and how users call them. */
export const MODULES = [
  { key: 'code', label: 'Code Provenance module' },
  { key: 'requirement', label: 'Requirement module' },
] as const satisfies readonly { key: keyof ModuleConfiguration; label: string }[];

/** A limit as shown: 'Unlimited' for -1. */
export function limitText(limit: number): string {
  return limit === UNLIMITED ? 'Unlimited' : String(limit);
}

/** Usage against its limit, e.g. '3 of 10' or '3 of Unlimited'. */
export function usageText(used: number, limit: number): string {
  return `${used} of ${limitText(limit)}`;
}

export const onOff = (on: boolean): string => (on ? 'On' : 'Off');

/** Each module switch as a fact, e.g. 'Requirement module: On'. */
export const moduleFacts = (configuration: Pick<ModuleConfiguration, (typeof MODULES)[number]['key']>) =>
  MODULES.map((module) => ({ term: module.label, value: onOff(configuration[module.key]) }));

/** The trial of a subscription in words: 'No trial', or the 14-day trial with its end date. */
export function trialSummary(trial: SubscriptionView['trial']): string {
  if (!trial) return 'No trial';
  const ends = formatDate(trial.ends_at);
  return trial.active ? `${FREE_TRIAL_DAYS}-day trial, ends ${ends}` : `${FREE_TRIAL_DAYS}-day trial, ended ${ends}`;
}

export const subscriptionKey = ['subscription'] as const;

/** GET organizations/subscription: the caller's organization, edition, trial, limits and usage. */
export function useSubscription() {
  return useQuery({
    queryKey: subscriptionKey,
    queryFn: ({ signal }) => apiClient.get<SubscriptionView>('organizations/subscription', { ...FORBIDDEN_IN_PLACE, signal }),
  });
}
