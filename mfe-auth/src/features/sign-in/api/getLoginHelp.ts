import { HELP_CACHE_MS, readStaticFile } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Where the Login help markdown is served (a static file beside the portal, editable by operators). */
export const LOGIN_HELP_PATH = '/help/login.md';

/** Shown when the help file cannot be loaded. */
export const BUILT_IN_LOGIN_HELP =
  'Sign in with your username (your e-mail address) and your password.\n\n' +
  'Forgot your password? Use the Forgot password link to receive a one-time code by e-mail.\n\n' +
  'Two-step verification is required: keep your authenticator app or a recovery code at hand.';

export function getLoginHelp(): Promise<string> {
  return readStaticFile(LOGIN_HELP_PATH, { accept: 'text/markdown, text/plain' });
}

export function getLoginHelpQueryOptions() {
  return queryOptions({ queryKey: ['help', 'login'], queryFn: getLoginHelp, staleTime: HELP_CACHE_MS, retry: false });
}

export function useLoginHelp({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getLoginHelpQueryOptions(), enabled });
}
