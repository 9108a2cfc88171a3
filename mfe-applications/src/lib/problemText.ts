// What a screen shows for a failed call is @portal/shared's problemText; the applications' hooks
// and screens import it, with the field messages of a 400, from here.
import { INVALID_APP_KEY_MESSAGE, problemText } from '@portal/shared';

export { problemFieldMap, problemText } from '@portal/shared';

/**
 * The title of the alert for an app key the process does not hold: 'Invalid app key' (spec 8),
 * unless the API's own message already says just that (then it is said once, not twice).
 */
export const invalidKeyTitle = (error: unknown): string | undefined => (problemText(error) === INVALID_APP_KEY_MESSAGE ? undefined : INVALID_APP_KEY_MESSAGE);
