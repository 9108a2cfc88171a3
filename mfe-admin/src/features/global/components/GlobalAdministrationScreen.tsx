// /administration/global: the Global Admin's organizations (spec 2.3 admin menu, 6 global
// organization permissions): list with usage against limits, view one, create with its admin,
// delete, module configuration and trial invitations; and the way to the installation's
// vulnerability database (served by mfe-applications) and its background jobs.
import { Box, Button, HStack } from '@chakra-ui/react';
import { DeleteConfirmationDialog, QueryView, ScreenFrame, showSnackbar, usePermitted, type ScreenComponent } from '@portal/shared';
import { useState, type ReactNode } from 'react';
import type { Organization } from '../../../lib/organizations';
import { PanelHeading } from '../../../components/display';
import { PageLinks } from '../../../components/PageLinks';
import { JOBS_PAGE, VULNERABILITY_DATABASE_PAGE } from '../../../lib/adminPages';
import { usePermittedEach } from '../../../lib/permissions';
import { useDeleteOrganization, useOrganization, useOrganizations } from '../api/organizations';
import { GLOBAL_ORGANIZATION } from '../permissions';
import { CreateOrganizationWizard } from './CreateOrganizationWizard';
import { ModuleConfigurationForm } from './ModuleConfigurationForm';
import { OrganizationDetails } from './OrganizationDetails';
import { OrganizationsTable } from './OrganizationsTable';
import { TrialInvitationForm } from './TrialInvitationForm';
import { ConfirmMessage, QueryList } from '../../../components/sections';

type Panel =
  | { kind: 'list' }
  | { kind: 'create' }
  | { kind: 'trial' }
  | { kind: 'view'; id: string }
  | { kind: 'modules'; id: string; from: 'list' | 'view' };

const LIST: Panel = { kind: 'list' };

export const GlobalAdministrationScreen: ScreenComponent = ({ route }) => {
  const [panel, setPanelState] = useState<Panel>(LIST);
  // The list takes the focus when the user comes back to it, not when the screen opens.
  const [returned, setReturned] = useState(false);
  const setPanel = (next: Panel) => {
    setReturned(true);
    setPanelState(next);
  };
  const [deleting, setDeleting] = useState<Organization | null>(null);
  const remove = useDeleteOrganization();
  const mayView = usePermitted(GLOBAL_ORGANIZATION.VIEW);
  const mayCreate = usePermitted(GLOBAL_ORGANIZATION.CREATE);
  const mayDelete = usePermitted(GLOBAL_ORGANIZATION.DELETE);
  const mayConfigure = usePermitted(GLOBAL_ORGANIZATION.CONFIGURE_MODULES);
  const [mayImportAdvisories, mayViewJobs] = usePermittedEach([VULNERABILITY_DATABASE_PAGE.check, JOBS_PAGE.check]);
  const installationPages = [...(mayImportAdvisories ? [VULNERABILITY_DATABASE_PAGE] : []), ...(mayViewJobs ? [JOBS_PAGE] : [])];

  const askDelete = mayDelete
    ? (organization: Organization) => {
        remove.reset();
        setDeleting(organization);
      }
    : undefined;

  const confirmDelete = () => {
    if (!deleting) return;
    const organization = deleting;
    remove.mutate(organization, {
      onSuccess: () => {
        showSnackbar(`Organization ${organization.name} deleted.`, 'success');
        setDeleting(null);
        setPanel(LIST);
      },
    });
  };

  return (
    <ScreenFrame route={route}>
      {panel.kind === 'list' && (
        <OrganizationsPanel
          focusOnOpen={returned}
          mayCreate={mayCreate}
          onCreate={() => setPanel({ kind: 'create' })}
          onTrial={() => setPanel({ kind: 'trial' })}
          onView={mayView ? (organization) => setPanel({ kind: 'view', id: organization.id }) : undefined}
          onConfigure={mayConfigure ? (organization) => setPanel({ kind: 'modules', id: organization.id, from: 'list' }) : undefined}
          onDelete={askDelete}
        />
      )}
      {panel.kind === 'list' && installationPages.length > 0 && (
        <Box mt="8">
          <PageLinks label="The installation's data" pages={installationPages} />
        </Box>
      )}

      {panel.kind === 'create' && (
        <Box as="section" aria-label="Create organization">
          <PanelHeading>Create organization</PanelHeading>
          <CreateOrganizationWizard onDone={() => setPanel(LIST)} onCancel={() => setPanel(LIST)} />
        </Box>
      )}

      {panel.kind === 'trial' && (
        <Box as="section" aria-label="Invite to a trial">
          <PanelHeading>Invite to a trial</PanelHeading>
          <TrialInvitationForm onDone={() => setPanel(LIST)} onCancel={() => setPanel(LIST)} />
        </Box>
      )}

      {panel.kind === 'view' && (
        <OrganizationPanel id={panel.id} onBack={() => setPanel(LIST)}>
          {(organization) => (
            <>
              <OrganizationDetails organization={organization} />
              <HStack gap="3" mt="6" wrap="wrap">
                {mayConfigure && (
                  <Button variant="outline" onClick={() => setPanel({ kind: 'modules', id: organization.id, from: 'view' })}>
                    Module configuration
                  </Button>
                )}
                {askDelete && (
                  <Button variant="outline" colorPalette="red" onClick={() => askDelete(organization)}>
                    Delete
                  </Button>
                )}
                <Button variant="ghost" onClick={() => setPanel(LIST)}>
                  Back to organizations
                </Button>
              </HStack>
            </>
          )}
        </OrganizationPanel>
      )}

      {panel.kind === 'modules' && (
        <OrganizationPanel id={panel.id} title={(organization) => `Module configuration of ${organization.name}`} onBack={() => setPanel(LIST)}>
          {(organization) => {
            const back = () => setPanel(panel.from === 'view' ? { kind: 'view', id: organization.id } : LIST);
            return <ModuleConfigurationForm organization={organization} onDone={back} onCancel={back} />;
          }}
        </OrganizationPanel>
      )}

      <DeleteConfirmationDialog
        open={deleting !== null}
        title="Delete organization"
        message={
          <ConfirmMessage error={remove.error}>
            Organization {deleting?.name} will be deleted with its users, processes and data. This cannot be undone.
          </ConfirmMessage>
        }
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </ScreenFrame>
  );
};

interface OrganizationsPanelProps {
  focusOnOpen: boolean;
  mayCreate: boolean;
  onCreate: () => void;
  onTrial: () => void;
  onView?: (organization: Organization) => void;
  onConfigure?: (organization: Organization) => void;
  onDelete?: (organization: Organization) => void;
}

function OrganizationsPanel({ focusOnOpen, mayCreate, onCreate, onTrial, onView, onConfigure, onDelete }: OrganizationsPanelProps) {
  const organizations = useOrganizations();
  return (
    <Box as="section" aria-label="Organizations">
      <HStack justify="space-between" mb="4" wrap="wrap" gap="3">
        <PanelHeading focusOnOpen={focusOnOpen}>Organizations</PanelHeading>
        {mayCreate && (
          <HStack gap="3">
            <Button colorPalette="brand" onClick={onCreate}>
              Create organization
            </Button>
            <Button variant="outline" onClick={onTrial}>
              Invite to a trial
            </Button>
          </HStack>
        )}
      </HStack>
      <QueryList
        query={organizations}
        loading="Loading organizations…"
        empty={{ title: 'No organizations yet.', description: mayCreate ? 'Create one, or invite someone to a trial.' : undefined }}
      >
        {(list) => (
          <OrganizationsTable organizations={list} onView={onView} onConfigure={onConfigure} onDelete={onDelete} />
        )}
      </QueryList>
    </Box>
  );
}

interface OrganizationPanelProps {
  id: string;
  title?: (organization: Organization) => string;
  onBack: () => void;
  children: (organization: Organization) => ReactNode;
}

/** A panel about one organization, read with GET organizations/{id}. */
function OrganizationPanel({ id, title = (organization) => organization.name, onBack, children }: OrganizationPanelProps) {
  const organization = useOrganization(id);
  return (
    <Box as="section" aria-label={organization.data ? title(organization.data) : 'Organization'}>
      <QueryView query={organization} loading="Loading the organization…" noAccessOnForbidden>
        {(data) => (
          <>
            <PanelHeading>{title(data)}</PanelHeading>
            {children(data)}
          </>
        )}
      </QueryView>
      {organization.isError && (
        <Button variant="ghost" mt="4" onClick={onBack}>
          Back to organizations
        </Button>
      )}
    </Box>
  );
}
