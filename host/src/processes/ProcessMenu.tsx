import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import {
  DeleteConfirmationDialog,
  isPlatformView,
  navigate,
  PROCESSES_QUERY_KEY,
  sessionStore,
  showSnackbar,
  useSession,
  type Process,
} from '@portal/shared';
import { useAuthorization } from '../permissions/Authorization';
import { loadSession } from '../session/authentication';
import { isDemoUser } from '../shell/shellAccess';
import { HeaderMenu, type HeaderMenuGroup } from '../shell/HeaderMenu';
import { RemoteParcel } from '../remotes/RemoteParcel';
import { DEMO_ITEM_LABELS, DEMO_ITEM_PERMISSIONS, type ProcessDemoActionsProps } from './processDemoItems';
import { PROCESS_DEMO_ITEMS, processMenuModel, type ProcessDemoItem } from './processMenu';
import { deleteProcess, PLATFORM_VIEW, rememberProcessId } from './processes';
import { useProcessSelection } from './ProcessSelection';

const DASHBOARD_PATH = '/dashboard';
const NEW_PROCESS_PATH = '/projects/new-project';
const MARKDOWN_PREVIEW_PATH = '/demo/markdown-preview';

/**
 * The header's process menu (spec 2.3): the current process; switch process; Platform View; New
 * Process; Delete current process, confirmed by typing the word, then DELETE /api/projects.
 */
export function ProcessMenu() {
  const authorization = useAuthorization();
  const { state, choose } = useProcessSelection();
  const session = useSession((s) => s.session);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [demoAction, setDemoAction] = useState<ProcessDemoItem | null>(null);

  if (!authorization || !session) return null;
  if (state.status !== 'selected' && state.status !== 'choose' && state.status !== 'none') return null;
  const { processes, current, platformViewAllowed } = state;
  const { processes: P } = authorization.evaluator.PERMISSIONS;
  const model = processMenuModel({
    session,
    processes,
    current,
    platformViewAllowed,
    mayCreate: authorization.permits(P.CREATE_PROCESS),
    mayDeleteCurrent: current !== null && !isPlatformView(current) && authorization.permits(P.DELETE_PROCESS),
    demo: isDemoUser(authorization),
    demoPermits: Object.fromEntries(
      PROCESS_DEMO_ITEMS.map((item) => [item, DEMO_ITEM_PERMISSIONS[item].every((permission) => authorization.permits(permission))]),
    ) as Record<ProcessDemoItem, boolean>,
  });
  if (!model.visible) return null;

  const switchTo = (process: Process) => {
    choose(process);
    navigate(DASHBOARD_PATH);
  };

  const groups: HeaderMenuGroup[] = [];
  if (model.switchTo.length > 0) {
    groups.push({
      key: 'switch',
      label: 'Switch process',
      items: model.switchTo.map((process) => ({
        key: process.id,
        label: process.name,
        checked: current?.id === process.id,
        onSelect: () => switchTo(process),
      })),
    });
  }
  if (model.platformView) {
    groups.push({
      key: 'views',
      items: [
        { key: 'platform-view', label: PLATFORM_VIEW.name, checked: isPlatformView(current), onSelect: () => switchTo(PLATFORM_VIEW) },
      ],
    });
  }
  const manage = [];
  if (model.newProcess) manage.push({ key: 'new', label: 'New Process', onSelect: () => navigate(NEW_PROCESS_PATH) });
  if (model.deleteCurrent) manage.push({ key: 'delete', label: 'Delete current process', danger: true, onSelect: () => setConfirming(true) });
  if (manage.length > 0) groups.push({ key: 'manage', items: manage });
  if (model.demoItems.length > 0) {
    const demoActions = {
      'clear-demo-cves': { label: DEMO_ITEM_LABELS['clear-demo-cves'], onSelect: () => setDemoAction('clear-demo-cves') },
      'rescan-sbom-components': { label: DEMO_ITEM_LABELS['rescan-sbom-components'], onSelect: () => setDemoAction('rescan-sbom-components') },
      'clear-all-sboms': { label: DEMO_ITEM_LABELS['clear-all-sboms'], onSelect: () => setDemoAction('clear-all-sboms') },
      'clear-app-sboms': { label: DEMO_ITEM_LABELS['clear-app-sboms'], onSelect: () => setDemoAction('clear-app-sboms') },
      'markdown-preview': { label: 'Markdown Preview', onSelect: () => navigate(MARKDOWN_PREVIEW_PATH) },
      'refresh-session': {
        label: 'Refresh Session',
        onSelect: () => {
          loadSession().then(
            () => showSnackbar('The session was refreshed.', 'success'),
            (error: unknown) => console.warn('The session could not be refreshed.', error),
          );
        },
      },
    };
    groups.push({ key: 'demo', label: 'Demo', items: model.demoItems.map((key) => ({ key, ...demoActions[key] })) });
  }

  const target = current && !isPlatformView(current) ? current : null;
  const onDelete = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await deleteProcess(target);
      // The list forgets the process at once, so the chooser never offers it again.
      queryClient.setQueriesData<Process[]>({ queryKey: PROCESSES_QUERY_KEY }, (listed) =>
        listed?.filter((process) => process.id !== target.id),
      );
      rememberProcessId(session.user?.id, null);
      sessionStore.setProcess(null);
      void queryClient.invalidateQueries({ queryKey: PROCESSES_QUERY_KEY });
      showSnackbar(`Process ${target.name ?? target.code_name} was deleted.`, 'success');
      navigate(DASHBOARD_PATH);
    } catch {
      // The API client has shown the error notice (spec 8).
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <>
      {groups.length > 0 ? (
        <HeaderMenu label="Process menu" triggerLabel={`Process menu, current process ${model.title}`} groups={groups} testId="process-menu">
          {model.title}
        </HeaderMenu>
      ) : (
        <Text fontSize="sm" fontWeight="semibold" data-testid="process-menu">
          {model.title}
        </Text>
      )}
      <DeleteConfirmationDialog
        open={confirming}
        title="Delete Process"
        message={
          target
            ? `The process ${target.name ?? target.code_name} (${target.code_name}) and all its data will be deleted. This cannot be undone.`
            : ''
        }
        busy={busy}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
      />
      {target && demoAction && (
        <RemoteParcel<ProcessDemoActionsProps>
          key={`${demoAction} ${target.code_name}`}
          remote="mfe-applications"
          module="processDemoActions"
          props={{ action: demoAction, graph: target.code_name, onClose: () => setDemoAction(null) }}
          failure="The demo actions are not available: the applications could not be loaded."
        />
      )}
    </>
  );
}
