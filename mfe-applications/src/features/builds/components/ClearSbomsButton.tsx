// Clear SBOMs (a demo item, clear=>SBOM): of one app or of the whole process, after the spec 5
// confirmation 'Clear SBOMs of application {app}.' / 'Clear all SBOMs of the process.'. Not
// offered while there is no build to clear (a new process, or after a clear).
import { Button } from '@chakra-ui/react';
import { ConfirmDialog, showSnackbar, usePermitted } from '@portal/shared';
import { useState } from 'react';
import { plural } from '../../../lib/format';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { problemText } from '../../../lib/problemText';
import { useClearSboms, type ClearTarget } from '../api/clearSboms';

export const clearMessage = (target: ClearTarget) => ('all' in target ? 'Clear all SBOMs of the process.' : `Clear SBOMs of application ${target.appKey}.`);

export interface ClearSbomsButtonProps {
  graph: string;
  target: ClearTarget;
  /** The builds there are to clear; the button is not offered for none (unknown yet: undefined). */
  builds: number | undefined;
}

export function ClearSbomsButton({ graph, target, builds }: ClearSbomsButtonProps) {
  const mayClear = usePermitted(APPLICATION_PERMISSIONS.CLEAR_SBOM);
  const clear = useClearSboms(graph);
  const [asking, setAsking] = useState(false);
  // Kept while its dialog is open: the clear itself brings the count to 0.
  if (!mayClear || (!builds && !asking)) return null;
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
