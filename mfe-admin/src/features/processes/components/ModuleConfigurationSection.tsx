// Process Settings → Modules: which modules the process uses (its own switches, within what the
// organization allows) and the organization's limits, read only.
import { chakra, Text } from '@chakra-ui/react';
import { QueryView, showSnackbar, type ProcessModuleConfiguration } from '@portal/shared';
import { useState } from 'react';
import { Checkbox } from '../../../components/fields';
import { limitText } from '../../../lib/organizations';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { useModuleConfiguration, useUpdateModuleConfiguration } from '../api/processCommands';
import { AdminSection } from '../../../components/sections';
import { SettingsForm } from '../../../components/SettingsForm';

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
    <SettingsForm
      label="Module configuration"
      mutation={update}
      changed={changed}
      canSave={canUpdate}
      saveText="Save modules"
      onSave={() =>
        update.mutate(
          { process: code, switches: { code: codeModule, requirement } },
          { onSuccess: () => showSnackbar('Module configuration saved.', 'success') },
        )
      }
    >
      <Checkbox label="Requirements module (requirements, reviews, gap analyses, tasks)" checked={requirement} onChange={setRequirement} disabled={!canUpdate} />
      <Checkbox label="Code provenance module (applications, SBOM, RBOM)" checked={codeModule} onChange={setCodeModule} disabled={!canUpdate} />
      <Text fontSize="sm" color="fg.muted">
        Limits of the organization:
      </Text>
      <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap={4} rowGap={1} fontSize="sm">
        <chakra.dt>Processes</chakra.dt>
        <chakra.dd>{limitText(configuration.num_of_projects)}</chakra.dd>
        <chakra.dt>Users</chakra.dt>
        <chakra.dd>{limitText(configuration.num_of_users)}</chakra.dd>
        <chakra.dt>Applications</chakra.dt>
        <chakra.dd>{limitText(configuration.num_of_apps)}</chakra.dd>
      </chakra.dl>
    </SettingsForm>
  );
}
