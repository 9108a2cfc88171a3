// /administration/service-modules: the organization's service modules (spec 1/3/7): add one of a
// type with its settings, edit, rotate the API key (shown once) and delete; sync an aws or azure
// module into the current process (issue 24 item 4).
import { HStack, Text } from '@chakra-ui/react';
import {
  ErrorAlert,
  isPlatformView,
  ScreenFrame,
  showSnackbar,
  useSession,
  type ScreenComponent,
} from '@portal/shared';
import { useState } from 'react';
import { DataTable } from '@portal/shared/screens';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { moduleTypeLabel } from '../api/moduleTypes';
import { useDeleteServiceModule, useRotateApiKey, useServiceModules, type ServiceModuleDetails } from '../api/serviceModules';
import { ApiKeyDialog } from './ApiKeyDialog';
import { ModuleDialog } from './ModuleDialog';
import { ConfirmAction, ConfirmDeletion, MessageWithError, QueryList, ScreenIntro } from '../../../components/sections';
import { announceThen } from '../../../lib/announce';
import { RowAction } from '../../../components/RowAction';
import { isCloudModule } from '../api/syncCloudModule';
import { CloudLastSync, dateTimeText, SyncNowButton, syncResultText } from './CloudSync';

type Action =
  | { kind: 'add' }
  | { kind: 'edit' | 'rotate' | 'delete'; module: ServiceModuleDetails }
  | { kind: 'key'; moduleName: string; apiKey: string };

export function lastSyncText(module: ServiceModuleDetails): string {
  return module.last_sync ? dateTimeText(module.last_sync.sync_time) : 'Never';
}

/** A failed Sync now: the module's name and the API's answer (a 502 carries the cloud's cause). */
interface SyncFailure {
  moduleName: string;
  error: unknown;
}

export const ServiceModulesScreen: ScreenComponent = ({ route }) => {
  const modules = useServiceModules();
  const canCreate = useAllowed(ADMIN_PERMISSIONS.CREATE_SERVICE_MODULE);
  const canUpdate = useAllowed(ADMIN_PERMISSIONS.UPDATE_SERVICE_MODULE);
  const canDelete = useAllowed(ADMIN_PERMISSIONS.DELETE_SERVICE_MODULE);
  const rotate = useRotateApiKey();
  const remove = useDeleteServiceModule();
  const [action, setAction] = useState<Action | null>(null);
  // Cloud modules sync into one process: there is none to sync into without one, or in Platform View.
  const process = useSession((state) => state.process);
  const syncProcess = process && !isPlatformView(process) ? process : null;
  const [syncFailure, setSyncFailure] = useState<SyncFailure | null>(null);
  const hasCloudModules = Boolean(modules.data?.some(isCloudModule));
  const close = () => {
    rotate.reset();
    remove.reset();
    setAction(null);
  };

  return (
    <ScreenFrame route={route}>
      <ScreenIntro action={canCreate && { label: 'Add service module', onClick: () => setAction({ kind: 'add' }) }}>
        The services the portal reads from, and the API keys pipelines send their SBOMs with.
        {canUpdate &&
          hasCloudModules &&
          (syncProcess
            ? ` Sync now brings an AWS or Azure module's findings into the process ${syncProcess.name ?? syncProcess.code_name}; its schedule then syncs there.`
            : ' Choose a process to sync AWS and Azure modules into it.')}
      </ScreenIntro>
      {syncFailure && <ErrorAlert title={`The sync of ${syncFailure.moduleName} failed`} error={syncFailure.error} />}
      <QueryList
        query={modules}
        loading="Loading service modules…"
        empty={{ title: 'No service modules yet', description: canCreate ? 'Connect a service with Add service module.' : undefined }}
      >
        {(list) => (
          <DataTable
            caption="Service modules"
            rows={list}
            rowKey={(module) => module.id}
            columns={[
              { header: 'Name', rowHeader: true, cell: (module) => module.name },
              { header: 'Type', cell: (module) => moduleTypeLabel(module.type) },
              { header: 'Category', cell: (module) => module.category || <Text color="fg.muted">None</Text> },
              { header: 'Last sync', cell: (module) => (isCloudModule(module) ? <CloudLastSync module={module} /> : lastSyncText(module)) },
              {
                header: 'API key',
                cell: (module) =>
                  module.api_key ? (
                    <Text as="span" fontFamily="mono">
                      {module.api_key.prefix}…
                    </Text>
                  ) : (
                    <Text color="fg.muted">None</Text>
                  ),
              },
              {
                header: 'Actions',
                cell: (module) => (
                  <HStack gap={2} flexWrap="wrap">
                    {canUpdate && syncProcess && isCloudModule(module) && (
                      <SyncNowButton
                        module={module}
                        processCode={syncProcess.code_name}
                        onSynced={(attempt) => {
                          setSyncFailure(null);
                          showSnackbar(`Synced ${module.name}: ${syncResultText(attempt)}.`, 'success');
                        }}
                        onFailed={(error) => setSyncFailure({ moduleName: module.name, error })}
                      />
                    )}
                    {canUpdate && (
                      <RowAction label={`Edit ${module.name}`} onClick={() => setAction({ kind: 'edit', module })}>
                        Edit
                      </RowAction>
                    )}
                    {canUpdate && (
                      <RowAction label={`Rotate key of ${module.name}`} onClick={() => setAction({ kind: 'rotate', module })}>
                        Rotate key
                      </RowAction>
                    )}
                    {canDelete && (
                      <RowAction label={`Delete ${module.name}`} danger onClick={() => setAction({ kind: 'delete', module })}>
                        Delete
                      </RowAction>
                    )}
                  </HStack>
                ),
              },
            ]}
          />
        )}
      </QueryList>

      {(action?.kind === 'add' || action?.kind === 'edit') && (
        <ModuleDialog
          module={action.kind === 'edit' ? action.module : undefined}
          onClose={close}
          onCreated={(module, apiKey) => {
            showSnackbar(`Service module ${module.name} added.`, 'success');
            if (apiKey) setAction({ kind: 'key', moduleName: module.name, apiKey });
            else close();
          }}
          onEdited={(module) => {
            showSnackbar(`Service module ${module.name} saved.`, 'success');
            close();
          }}
        />
      )}
      {action?.kind === 'rotate' && (
        <ConfirmAction
          open
          title={`Rotate the API key of ${action.module.name}`}
          yesText="Rotate key"
          mutation={rotate}
          layout={MessageWithError}
          onNo={close}
          onYes={() =>
            rotate.mutate(action.module.id, {
              onSuccess: (issued) => {
                rotate.reset();
                setAction({ kind: 'key', moduleName: action.module.name, apiKey: issued.api_key_value });
              },
            })
          }
        >
          A new key is issued and the current one stops working at once: every pipeline using it must be given the new key.
        </ConfirmAction>
      )}
      {action?.kind === 'delete' && (
        <ConfirmDeletion
          title={`Delete ${action.module.name}`}
          mutation={remove}
          onCancel={close}
          onConfirm={() =>
            remove.mutate(action.module.id, announceThen(`Service module ${action.module.name} deleted.`, close))
          }
        >
          Delete the service module {action.module.name}? Its settings and API key are removed; pipelines using the key are refused from then on.
        </ConfirmDeletion>
      )}
      {action?.kind === 'key' && <ApiKeyDialog moduleName={action.moduleName} apiKey={action.apiKey} onClose={close} />}
    </ScreenFrame>
  );
};
