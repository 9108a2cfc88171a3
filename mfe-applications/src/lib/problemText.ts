// What a screen shows for a failed call is @portal/shared's problemText; the applications' hooks
// and screens import it, with the field messages of a 400, from here.
export { problemFieldMap, problemText } from '@portal/shared';
