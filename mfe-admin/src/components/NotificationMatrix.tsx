// The table of notification settings (a process's, and an organization's defaults): for each kind of
// event, whether its people hear of it by mail and in the portal, one checkbox per channel.
import type { NotificationChannels } from '@portal/shared';
import { DataTable } from '@portal/shared/screens';
import { Checkbox } from './fields';

export type NotificationSettings = Record<string, NotificationChannels>;

const CHANNELS = [
  { key: 'mail', label: 'Mail' },
  { key: 'portal', label: 'Portal' },
] as const;

export interface NotificationMatrixProps {
  caption: string;
  values: NotificationSettings;
  /** One channel of one event turned on or off. */
  onChange: (next: NotificationSettings) => void;
  disabled?: boolean;
}

export function NotificationMatrix({ caption, values, onChange, disabled }: NotificationMatrixProps) {
  const set = (event: string, channel: keyof NotificationChannels, on: boolean) => onChange({ ...values, [event]: { ...values[event], [channel]: on } });
  return (
    <DataTable
      caption={caption}
      rows={Object.keys(values)}
      rowKey={(event) => event}
      columns={[
        { header: 'Event', rowHeader: true, cell: (event) => event },
        ...CHANNELS.map(({ key, label }) => ({
          header: label,
          cell: (event: string) => (
            <Checkbox label="" ariaLabel={`${label} for ${event}`} checked={Boolean(values[event]?.[key])} onChange={(on) => set(event, key, on)} disabled={disabled} />
          ),
        })),
      ]}
    />
  );
}
