// What an administration action does once the API accepted it: say so, then move on.
import { showSnackbar } from '@portal/shared';

/** The mutate options of an action that, once done, shows `message` and then moves on (closes its dialog, goes back…). */
export function announceThen(message: string, then: () => void) {
  return {
    onSuccess: () => {
      showSnackbar(message, 'success');
      then();
    },
  };
}
