// An app's settings: continuous monitoring on or off (new findings of imported advisories and
// rescans raise New Vulnerability / New Active Exploit events for apps with it on).
import { Text } from '@chakra-ui/react';
import { showSnackbar, usePermitted } from '@portal/shared';
import { SwitchField } from '@portal/shared/screens';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { QueryView } from '../../../components/QueryStates';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import type { ApplicationRecord } from '../../../lib/types';
import { useAppSettings } from '../api/getAppSettings';
import { useUpdateAppSettings } from '../api/updateAppSettings';

export const READ_ONLY_SETTINGS = 'You may read these settings; changing them needs the permission to update application settings.';

export interface ApplicationSettingsDialogProps {
  graph: string;
  application: Pick<ApplicationRecord, 'id' | 'app_key'> | null;
  onClose: () => void;
}

export function ApplicationSettingsDialog({ graph, application, onClose }: ApplicationSettingsDialogProps) {
  const mayUpdate = usePermitted(APPLICATION_PERMISSIONS.UPDATE_SETTINGS);
  const settings = useAppSettings(graph, application?.id ?? '', application !== null);
  const save = useUpdateAppSettings(graph);
  const [monitoring, setMonitoring] = useState(false);

  useEffect(() => {
    if (settings.data) setMonitoring(settings.data.enable_continuous_monitoring);
  }, [settings.data]);
  const close = () => {
    save.reset();
    onClose();
  };

  const unchanged = settings.data?.enable_continuous_monitoring === monitoring;
  return (
    <FormDialog
      open={application !== null}
      title={application ? `Settings of ${application.app_key}` : 'Settings'}
      submitText="Save"
      onClose={close}
      busy={save.isPending}
      error={save.error}
      submitDisabled={!mayUpdate || settings.data === undefined || unchanged}
      onSubmit={() =>
        application &&
        save.mutate(
          { id: application.id, enable_continuous_monitoring: monitoring },
          {
            onSuccess: (saved) => {
              showSnackbar(`Continuous monitoring of ${saved.app_key} is ${saved.enable_continuous_monitoring ? 'on' : 'off'}.`, 'success');
              close();
            },
          },
        )
      }
    >
      <QueryView query={settings} loading="Loading settings…">
        {() => (
          <>
            <SwitchField
              label="Continuous monitoring"
              checked={monitoring}
              disabled={!mayUpdate}
              onChange={setMonitoring}
              description="When advisories are imported or a rescan runs, new findings of this app raise New Vulnerability and New Active Exploit notifications."
            />
            {!mayUpdate && (
              <Text fontSize="sm" color="fg.muted" mt={3}>
                {READ_ONLY_SETTINGS}
              </Text>
            )}
          </>
        )}
      </QueryView>
    </FormDialog>
  );
}
