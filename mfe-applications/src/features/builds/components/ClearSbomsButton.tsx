// Clear SBOMs (a demo item, clear=>SBOM): of one app or of the whole process, after the spec 5
// confirmation 'Clear SBOMs of application {app}.' / 'Clear all SBOMs of the process.'.
import { Button } from '@chakra-ui/react';
import { ConfirmDialog, showSnackbar, usePermitted } from '@portal/shared';
import { useState } from 'react';
import { plural } from '../../../lib/format';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { problemText } from '../../../lib/problemText';
import { useClearSboms, type ClearTarget } from '../api/clearSboms';

export const clearMessage = (target: ClearTarget) => ('all' in target ? 'Clear all SBOMs of the process.' : `Clear SBOMs of application ${target.appKey}.`);

export function ClearSbomsButton({ graph, target }: { graph: string; target: ClearTarget }) {
  const mayClear = usePermitted(APPLICATION_PERMISSIONS.CLEAR_SBOM);
  const clear = useClearSboms(graph);
  const [asking, setAsking] = useState(false);
  if (!mayClear) return null;
  const all = 'all' in target;
  return (
    <>
      <Button size="sm" variant="outline" colorPalette="orange" onClick={() => setAsking(true)}>
        {all ? 'Clear all SBOMs' : 'Clear SBOMs'}
      </Button>
      <ConfirmDialog
        open={asking}
        title={all ? 'Clear all SBOMs' : 'Clear SBOMs'}
        message={clearMessage(target)}
        busy={clear.isPending}
        yesText="Clear"
        noText="Cancel"
        onNo={() => setAsking(false)}
        onYes={() =>
          clear.mutate(target, {
            onSuccess: (result) => showSnackbar(`Cleared ${plural(result.builds, 'build')} of ${plural(result.applications, 'application')}.`, 'success'),
            onError: (error) => showSnackbar(problemText(error), 'error'),
            onSettled: () => setAsking(false),
          })
        }
      />
    </>
  );
}
