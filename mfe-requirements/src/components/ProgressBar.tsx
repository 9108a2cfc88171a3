// The shared kit's progress bar, under the path this remote's screens import it from.
export { ProgressBar, type ProgressBarProps } from '@portal/shared/screens';
