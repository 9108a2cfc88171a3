// Process Settings → Modules: which modules the process uses (its own switches, within what the
// organization allows) and the organization's limits, read only.
import { Button, chakra, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, QueryView, showSnackbar, UNLIMITED, type ProcessModuleConfiguration } from '@portal/shared';
import { useState } from 'react';
import { Checkbox } from '../../../components/fields';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { useModuleConfiguration, useUpdateModuleConfiguration } from '../api/processCommands';
import { AdminSection } from '../../../components/sections';

const limit = (value: number) => (value === UNLIMITED ? 'Unlimited' : String(value));

export function ModuleConfigurationSection({ code }: { code: string }) {
  const configuration = useModuleConfiguration(code);
  return (
    <AdminSection id="modules" title="Modules" headingMb={4} mb={10}>
      <QueryView query={configuration} loading="Loading the module configuration…" noAccessOnForbidden>
        {(data) => <ModuleConfigurationForm key={`${data.code}:${data.requirement}`} code={code} configuration={data} />}
      </QueryView>
    </AdminSection>
  );
}

function ModuleConfigurationForm({ code, configuration }: { code: string; configuration: ProcessModuleConfiguration }) {
  const canUpdate = useAllowed(ADMIN_PERMISSIONS.UPDATE_PROCESS_MODULE_CONFIGURATION);
  const update = useUpdateModuleConfiguration(code);
  const [requirement, setRequirement] = useState(configuration.requirement);
  const [codeModule, setCodeModule] = useState(configuration.code);
  const changed = requirement !== configuration.requirement || codeModule !== configuration.code;

  return (
    <form
      noValidate
      aria-label="Module configuration"
      onSubmit={(event) => {
        event.preventDefault();
        if (!changed || update.isPending) return;
        update.mutate(
          { process: code, switches: { code: codeModule, requirement } },
          { onSuccess: () => showSnackbar('Module configuration saved.', 'success') },
        );
      }}
    >
      <Stack gap={3}>
        <Checkbox label="Requirements module (requirements, reviews, gap analyses, tasks)" checked={requirement} onChange={setRequirement} disabled={!canUpdate} />
        <Checkbox label="Code provenance module (applications, SBOM, RBOM)" checked={codeModule} onChange={setCodeModule} disabled={!canUpdate} />
        <Text fontSize="sm" color="fg.muted">
          Limits of the organization:
        </Text>
        <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap={4} rowGap={1} fontSize="sm">
          <chakra.dt>Processes</chakra.dt>
          <chakra.dd>{limit(configuration.num_of_projects)}</chakra.dd>
          <chakra.dt>Users</chakra.dt>
          <chakra.dd>{limit(configuration.num_of_users)}</chakra.dd>
          <chakra.dt>Applications</chakra.dt>
          <chakra.dd>{limit(configuration.num_of_apps)}</chakra.dd>
        </chakra.dl>
        {update.error && <ErrorAlert error={update.error} />}
        {canUpdate && (
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={!changed} loading={update.isPending} loadingText="Save modules">
            Save modules
          </Button>
        )}
      </Stack>
    </form>
  );
}
