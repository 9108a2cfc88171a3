// Process Settings → Disaster recovery (issue 25 item 6, docs/recovery.md), for who may view it
// (view=>DisasterRecovery): the recovery point against the objective, the backup settings
// (configure=>), Back up now with its progress, verify and restore into a new process
// (execute=>), and deleting a backup (delete=>), each after a confirmation.
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, QueryView, showSnackbar } from '@portal/shared';
import type { Backup, RecoveryPoint, RecoverySettings, RecoverySettingsView } from '@portal/shared/recovery';
import { DataTable } from '@portal/shared/screens';
import { useState } from 'react';
import { Checkbox, SelectField, TextField } from '../../../components/fields';
import { AdminSection, ConfirmDeletion } from '../../../components/sections';
import { SettingsForm } from '../../../components/SettingsForm';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { useBackUp, useBackups, useDeleteBackup, useRecoverySettings, useSaveRecoverySettings, useVerifyBackup } from '../api/recovery';
import { fieldErrors, RestoreDialog } from './RestoreDialog';

const MB = 1024 * 1024;

export function sizeText(bytes: number | null): string {
  if (bytes === null) return '—';
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function durationText(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function ageText(minutes: number): string {
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} hour${hours === 1 ? '' : 's'}` : `${Math.floor(hours / 24)} days`;
}

export function recoveryPointText(point: RecoveryPoint): string {
  const objective = `objective ${ageText(point.objective_minutes)}`;
  if (point.age_minutes === null) return `No good backup yet (${objective}).`;
  return `The newest good backup is ${ageText(point.age_minutes)} old (${objective})${point.exceeded ? ': the objective is exceeded.' : '.'}`;
}

function resultText(backup: Backup): string {
  if (backup.status === 'running') return `Running… ${backup.progress ?? 0}%`;
  if (backup.status === 'failed') return `Failed: ${backup.error ?? 'unknown error'}`;
  return 'Succeeded';
}

export function DisasterRecoverySection({ code }: { code: string }) {
  const canView = useAllowed(ADMIN_PERMISSIONS.VIEW_DISASTER_RECOVERY);
  if (!canView) return null;
  return (
    <AdminSection id="disaster-recovery" title="Disaster recovery" headingMb={4} mb={10}>
      <Stack gap={6}>
        <BackupHistory code={code} />
        <RecoverySettingsPart code={code} />
      </Stack>
    </AdminSection>
  );
}

function RecoverySettingsPart({ code }: { code: string }) {
  const settings = useRecoverySettings(code);
  return (
    <QueryView query={settings} loading="Loading the backup settings…" noAccessOnForbidden>
      {(data) => <RecoverySettingsForm key={JSON.stringify(data)} code={code} initial={data} />}
    </QueryView>
  );
}

type Draft = Record<keyof RecoverySettings, string | boolean>;

const draftOf = (view: RecoverySettingsView): Draft => ({
  schedule: view.schedule ?? '',
  retention_count: String(view.retention_count),
  retention_days: String(view.retention_days),
  target: view.target,
  folder: view.folder ?? '',
  s3_bucket: view.s3_bucket ?? '',
  s3_prefix: view.s3_prefix ?? '',
  encrypted: view.encrypted,
  rpo_minutes: String(view.rpo_minutes),
});

function settingsOf(draft: Draft): RecoverySettings {
  const text = (value: string | boolean) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const whole = (value: string | boolean) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : (value as unknown as number));
  return {
    schedule: text(draft.schedule),
    retention_count: whole(draft.retention_count),
    retention_days: whole(draft.retention_days),
    target: draft.target as RecoverySettings['target'],
    folder: text(draft.folder),
    s3_bucket: text(draft.s3_bucket),
    s3_prefix: text(draft.s3_prefix),
    encrypted: draft.encrypted === true,
    rpo_minutes: whole(draft.rpo_minutes),
  };
}

/** The API's field errors of a refused save, by field. */
function RecoverySettingsForm({ code, initial }: { code: string; initial: RecoverySettingsView }) {
  const canConfigure = useAllowed(ADMIN_PERMISSIONS.CONFIGURE_DISASTER_RECOVERY);
  const save = useSaveRecoverySettings(code);
  const [draft, setDraft] = useState<Draft>(draftOf(initial));
  const changed = JSON.stringify(draft) !== JSON.stringify(draftOf(initial));
  const errors = fieldErrors(save.error);
  const set = (field: keyof Draft) => (value: string | boolean) => setDraft((current) => ({ ...current, [field]: value }));
  const targets = [{ value: 'folder' as const, label: 'Folder on the server' }, ...(initial.s3_available || initial.target === 's3' ? [{ value: 's3' as const, label: 'S3-compatible bucket' }] : [])];

  return (
    <SettingsForm
      label="Backup settings"
      mutation={save}
      changed={changed}
      canSave={canConfigure}
      saveText="Save backup settings"
      onSave={() => save.mutate({ code, settings: settingsOf(draft) }, { onSuccess: () => showSnackbar('Backup settings saved.', 'success') })}
    >
      <Text fontSize="sm" color="fg.muted">
        {initial.next_run_at ? `Next scheduled backup: ${new Date(initial.next_run_at).toLocaleString()}.` : 'No scheduled backups.'}
      </Text>
      <TextField
        label="Schedule (cron, UTC)"
        value={draft.schedule as string}
        onChange={set('schedule')}
        helperText="Five fields: minute hour day-of-month month day-of-week, e.g. 0 2 * * * (daily at 02:00). Empty: no schedule."
        error={errors.schedule}
        disabled={!canConfigure}
      />
      <HStack gap={4} align="start">
        <TextField label="Keep at most (backups)" value={draft.retention_count as string} onChange={set('retention_count')} error={errors.retention_count} disabled={!canConfigure} />
        <TextField label="Keep for (days)" value={draft.retention_days as string} onChange={set('retention_days')} error={errors.retention_days} disabled={!canConfigure} />
        <TextField label="Recovery point objective (minutes)" value={draft.rpo_minutes as string} onChange={set('rpo_minutes')} error={errors.rpo_minutes} disabled={!canConfigure} />
      </HStack>
      <SelectField label="Target" value={draft.target as RecoverySettings['target']} onChange={set('target')} options={targets} error={errors.target} disabled={!canConfigure} />
      {draft.target === 'folder' ? (
        <TextField label="Folder" value={draft.folder as string} onChange={set('folder')} helperText="A folder under the server's backup directory. Empty: one of the process's own." error={errors.folder} disabled={!canConfigure} />
      ) : (
        <HStack gap={4} align="start">
          <TextField label="Bucket" value={draft.s3_bucket as string} onChange={set('s3_bucket')} error={errors.s3_bucket} disabled={!canConfigure} />
          <TextField label="Key prefix" value={draft.s3_prefix as string} onChange={set('s3_prefix')} helperText="Optional, ending with /." error={errors.s3_prefix} disabled={!canConfigure} />
        </HStack>
      )}
      <Checkbox
        label={initial.encryption_available ? 'Encrypt backups (AES-256-GCM with the server’s key)' : 'Encrypt backups (needs RECOVERY_KEY on the server)'}
        checked={draft.encrypted === true}
        onChange={set('encrypted')}
        disabled={!canConfigure || (!initial.encryption_available && draft.encrypted !== true)}
      />
      {errors.encrypted ? <ErrorAlert error={new Error(errors.encrypted)} /> : null}
    </SettingsForm>
  );
}

function BackupHistory({ code }: { code: string }) {
  const backups = useBackups(code);
  const canExecute = useAllowed(ADMIN_PERMISSIONS.EXECUTE_DISASTER_RECOVERY);
  const canDelete = useAllowed(ADMIN_PERMISSIONS.DELETE_DISASTER_RECOVERY);
  const backUp = useBackUp(code);
  const verify = useVerifyBackup(code);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [deleting, setDeleting] = useState<Backup | null>(null);
  const remove = useDeleteBackup(code);
  const running = backups.data?.items.some((item) => item.status === 'running') ?? false;

  return (
    <QueryView query={backups} loading="Loading the backups…" noAccessOnForbidden>
      {(data) => (
        <Stack gap={4}>
          <Box role="status" aria-label="Recovery point" borderWidth="1px" borderRadius="md" p={3} borderColor={data.recovery_point.exceeded ? 'border.error' : 'border'}>
            <Text fontWeight="semibold">Recovery point</Text>
            <Text>{recoveryPointText(data.recovery_point)}</Text>
          </Box>
          {canExecute ? (
            <HStack>
              <Button
                colorPalette="blue"
                loading={backUp.isPending}
                disabled={running}
                onClick={() => backUp.mutate(code, { onSuccess: () => showSnackbar('Backup started.', 'success') })}
              >
                Back up now
              </Button>
              {backUp.error ? <ErrorAlert error={backUp.error} /> : null}
            </HStack>
          ) : null}
          {data.items.length === 0 ? (
            <Text color="fg.muted">No backups yet.</Text>
          ) : (
            <DataTable
              caption="Backups"
              rows={data.items}
              rowKey={(item) => item.id}
              columns={[
                { header: 'Started', rowHeader: true, cell: (item) => new Date(item.started_at).toLocaleString() },
                { header: 'Trigger', cell: (item) => (item.trigger === 'manual' ? 'Manual' : 'Scheduled') },
                { header: 'Result', cell: (item) => resultText(item) },
                { header: 'Size', cell: (item) => sizeText(item.size) },
                { header: 'Duration', cell: (item) => durationText(item.duration_ms) },
                { header: 'Checksum (SHA-256)', cell: (item) => (item.sha256 ? <span title={item.sha256}>{item.sha256.slice(0, 12)}…</span> : '—') },
                { header: 'Verified', cell: (item) => (item.verified_at ? (item.verify_result === 'ok' ? 'OK' : `Damaged: ${item.verify_result}`) : '—') },
                {
                  header: 'Actions',
                  cell: (item) => (
                    <HStack gap={2}>
                      {canExecute && item.status === 'succeeded' ? (
                        <>
                          <Button
                            size="xs"
                            variant="outline"
                            aria-label={`Verify the backup of ${new Date(item.started_at).toLocaleString()}`}
                            loading={verify.isPending && verify.variables?.id === item.id}
                            onClick={() =>
                              verify.mutate(
                                { code, id: item.id },
                                { onSuccess: (result) => showSnackbar(result.ok ? 'The backup is intact.' : `The backup is damaged: ${result.result}`, result.ok ? 'success' : 'error') },
                              )
                            }
                          >
                            Verify
                          </Button>
                          <Button size="xs" variant="outline" aria-label={`Restore the backup of ${new Date(item.started_at).toLocaleString()}`} onClick={() => setRestoring(item)}>
                            Restore…
                          </Button>
                        </>
                      ) : null}
                      {canDelete && item.status !== 'running' ? (
                        <Button size="xs" variant="outline" colorPalette="red" aria-label={`Delete the backup of ${new Date(item.started_at).toLocaleString()}`} onClick={() => setDeleting(item)}>
                          Delete…
                        </Button>
                      ) : null}
                    </HStack>
                  ),
                },
              ]}
            />
          )}
          {restoring ? <RestoreDialog code={code} backup={restoring} onClose={() => setRestoring(null)} /> : null}
          <ConfirmDeletion
            open={deleting !== null}
            title="Delete backup"
            mutation={remove}
            onCancel={() => {
              remove.reset();
              setDeleting(null);
            }}
            onConfirm={() =>
              deleting &&
              remove.mutate(
                { code, id: deleting.id },
                {
                  onSuccess: () => {
                    setDeleting(null);
                    showSnackbar('Backup deleted.', 'success');
                  },
                },
              )
            }
          >
            Delete the backup of {deleting ? new Date(deleting.started_at).toLocaleString() : ''} and its archive? It cannot be restored afterwards.
          </ConfirmDeletion>
        </Stack>
      )}
    </QueryView>
  );
}
