// The cloud sync of aws and azure modules on the Service Modules screen (issue 24 item 4): when
// the module last synced, what that brought in (findings, scopes, Azure's secure score) or why
// the last attempt failed, and Sync now into the current process.
import { Button, Stack, Text } from '@chakra-ui/react';
import { DATE_LOCALE, formatDate, type ServiceModuleSyncAttempt } from '@portal/shared';
import type { ServiceModuleDetails } from '../api/serviceModules';
import { useSyncCloudModule } from '../api/syncCloudModule';

/** A moment as the screen shows it: the spec 9 date (MM/DD/YYYY) and the time, in the browser's zone. */
export function dateTimeText(iso: string): string {
  const time = new Date(iso);
  return `${formatDate(time)} ${time.toLocaleTimeString(DATE_LOCALE, { hour: '2-digit', minute: '2-digit' })}`;
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What an ok sync brought in: '12 findings from 2 scopes', and Azure's 'Secure score 38%'. */
export function syncResultText(attempt: ServiceModuleSyncAttempt): string {
  const findings = `${counted(attempt.findings ?? 0, 'finding', 'findings')} from ${counted(attempt.scopes.length, 'scope', 'scopes')}`;
  return attempt.secure_score ? `${findings}. ${secureScoreText(attempt.secure_score)}` : findings;
}

/** Defender for Cloud's percentage is a fraction (0.3828 of the maximum). */
export function secureScoreText(score: NonNullable<ServiceModuleSyncAttempt['secure_score']>): string {
  return `Secure score ${Math.round(score.percentage * 100)}%`;
}

/** The schedule from the module's settings; empty is the server's default. */
function scheduleText(module: ServiceModuleDetails): string | null {
  const minutes = module.configs.sync_interval_minutes;
  if (minutes === null || minutes === undefined || minutes.trim() === '') return null;
  const value = Number(minutes);
  if (!Number.isFinite(value)) return null;
  return value === 0 ? 'On demand only' : `Every ${counted(value, 'minute', 'minutes')}`;
}

/** The Last sync cell of a cloud module: the last sync, then the last attempt when it failed or what it brought in. */
export function CloudLastSync({ module }: { module: ServiceModuleDetails }) {
  const attempt = module.last_sync_attempt ?? null;
  const schedule = scheduleText(module);
  return (
    <Stack gap={1}>
      <Text>{module.last_sync ? `Last sync: ${dateTimeText(module.last_sync.sync_time)}` : 'Never synced'}</Text>
      {attempt?.status === 'failed' && (
        <Text color="fg.error" fontSize="sm">
          Last sync failed at {dateTimeText(attempt.at)}: {attempt.message ?? 'no cause given.'}
        </Text>
      )}
      {attempt?.status === 'ok' && (
        <Text color="fg.muted" fontSize="sm">
          {syncResultText(attempt)}
        </Text>
      )}
      {schedule && (
        <Text color="fg.muted" fontSize="sm">
          {schedule}
        </Text>
      )}
    </Stack>
  );
}

export interface SyncNowButtonProps {
  module: ServiceModuleDetails;
  processCode: string;
  onSynced: (attempt: ServiceModuleSyncAttempt) => void;
  onFailed: (error: unknown) => void;
}

/** Sync now, busy while the cloud is read (a sync may take a while: every page of findings). */
export function SyncNowButton({ module, processCode, onSynced, onFailed }: SyncNowButtonProps) {
  const sync = useSyncCloudModule();
  return (
    <Button
      size="xs"
      variant="outline"
      aria-label={`Sync ${module.name} now`}
      loading={sync.isPending}
      loadingText="Syncing…"
      onClick={() => sync.mutate({ moduleId: module.id, processCode }, { onSuccess: onSynced, onError: onFailed })}
    >
      Sync now
    </Button>
  );
}
