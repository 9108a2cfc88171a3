// A finding's VEX analysis (issue 7 item 8): the state (spec 4.5's resolutions), a justification
// (only for not_affected, which needs one or a detail), the responses, the detail, and a comment
// for the trail. Read-only without analyze=>Application and the VEX module.
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import {
  showSnackbar,
  usePermitted,
  VEX_JUSTIFICATIONS,
  VEX_RESOLUTIONS,
  VEX_RESPONSES,
  type BuildVulnerabilityDetail,
  type VexAnalysisInput,
  type VexAnalysisState,
  type VexJustification,
  type VexResponse,
} from '@portal/shared';
import { SelectField, TextField } from '@portal/shared/screens';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../../components/QueryStates';
import { allOf, APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { problemFieldMap } from '../../../lib/problemText';
import type { FindingRef } from '../api/getBuildVulnerability';
import { useSetVexAnalysis } from '../api/setVexAnalysis';
import { JUSTIFICATION_LABELS, RESPONSE_LABELS, STATE_LABELS } from './vexLabels';

const P = APPLICATION_PERMISSIONS;
/** The API's limit on detail and comment. */
export const VEX_TEXT_MAX = 10_000;
export const JUSTIFICATION_NEEDED = 'Not affected needs a justification or a detail.';

interface Values {
  state: VexAnalysisState | '';
  justification: VexJustification | '';
  response: VexResponse[];
  detail: string;
  comment: string;
}

const valuesOf = (finding: BuildVulnerabilityDetail): Values => ({
  state: finding.analysis?.state ?? '',
  justification: finding.analysis?.justification ?? '',
  response: finding.analysis?.response ?? [],
  detail: finding.analysis?.detail ?? '',
  comment: '',
});

function validate(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (values.state === 'not_affected' && !values.justification && values.detail.trim() === '') errors.justification = JUSTIFICATION_NEEDED;
  if (values.detail.length > VEX_TEXT_MAX) errors.detail = `Must have no more than ${VEX_TEXT_MAX} characters.`;
  if (values.comment.length > VEX_TEXT_MAX) errors.comment = `Must have no more than ${VEX_TEXT_MAX} characters.`;
  return errors;
}

export interface VexAnalysisFormProps {
  graph: string;
  appKey: string;
  buildId: string;
  finding: BuildVulnerabilityDetail;
  findingRef: FindingRef;
}

export function VexAnalysisForm({ graph, appKey, buildId, finding, findingRef }: VexAnalysisFormProps) {
  const mayAnalyze = usePermitted(allOf(P.ANALYZE, P.VEX_ANALYSIS));
  const save = useSetVexAnalysis(graph, appKey, buildId);
  const [values, setValues] = useState<Values>(() => valuesOf(finding));
  const [tried, setTried] = useState(false);
  useEffect(() => setValues(valuesOf(finding)), [finding]);

  const initial = valuesOf(finding);
  const changed =
    values.state !== initial.state ||
    values.justification !== initial.justification ||
    values.detail !== initial.detail ||
    [...values.response].sort().join() !== [...initial.response].sort().join();
  const errors = { ...problemFieldMap(save.error), ...validate(values) };
  const shown = (field: keyof Values) => (tried || field === 'detail' || field === 'comment' ? errors[field] : undefined);
  // The open states of an imported VEX stay choosable while a finding holds one.
  const states = [...VEX_RESOLUTIONS, ...(initial.state && !(VEX_RESOLUTIONS as readonly string[]).includes(initial.state) ? [initial.state] : [])];

  const submit = () => {
    setTried(true);
    if (Object.keys(validate(values)).length > 0) return;
    const input: VexAnalysisInput = { comment: values.comment.trim() || undefined };
    if (changed) {
      input.state = values.state || null;
      input.justification = values.state === 'not_affected' ? values.justification || null : null;
      input.response = values.response;
      input.detail = values.detail.trim() || null;
    }
    save.mutate(
      { ref: findingRef, input },
      {
        onSuccess: (saved) => {
          setTried(false);
          setValues(valuesOf(saved));
          showSnackbar(`Analysis of ${saved.vulnerability_id} in ${saved.component.name} saved.`, 'success');
        },
      },
    );
  };

  if (!mayAnalyze) {
    return (
      <Text fontSize="sm" color="fg.muted">
        You may read this analysis; changing it needs the VEX analysis permission.
      </Text>
    );
  }

  return (
    <chakra.form
      aria-label="VEX analysis"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap={3}>
        <HStack gap={3} align="start" flexWrap="wrap">
          <Box w="14rem">
            <SelectField
              label="State"
              value={values.state}
              onChange={(state) => setValues((current) => ({ ...current, state: state as Values['state'], justification: state === 'not_affected' ? current.justification : '' }))}
              emptyOption={STATE_LABELS.not_set}
              options={states.map((state) => ({ value: state, label: STATE_LABELS[state] }))}
            />
          </Box>
          <Box w="16rem">
            <SelectField
              label="Justification"
              value={values.justification}
              disabled={values.state !== 'not_affected'}
              onChange={(justification) => setValues((current) => ({ ...current, justification: justification as Values['justification'] }))}
              emptyOption="None"
              options={VEX_JUSTIFICATIONS.map((value) => ({ value, label: JUSTIFICATION_LABELS[value] }))}
              error={shown('justification')}
            />
          </Box>
        </HStack>
        <chakra.fieldset>
          <chakra.legend fontSize="sm" fontWeight="medium" mb={1}>
            Response
          </chakra.legend>
          <HStack gap={4} flexWrap="wrap">
            {VEX_RESPONSES.map((response) => (
              <chakra.label key={response} display="flex" alignItems="center" gap={1.5} fontSize="sm">
                <input
                  type="checkbox"
                  checked={values.response.includes(response)}
                  onChange={(event) =>
                    setValues((current) => ({
                      ...current,
                      response: event.target.checked ? [...current.response, response] : current.response.filter((value) => value !== response),
                    }))
                  }
                />
                {RESPONSE_LABELS[response]}
              </chakra.label>
            ))}
          </HStack>
        </chakra.fieldset>
        <TextField label="Detail" multiline value={values.detail} onChange={(detail) => setValues((current) => ({ ...current, detail }))} error={shown('detail')} helperText="Why the state holds: the impact statement a reader of the VEX sees." />
        <TextField label="Comment" multiline value={values.comment} onChange={(comment) => setValues((current) => ({ ...current, comment }))} error={shown('comment')} helperText="Added to the trail with your name; not part of the VEX." />
        {save.error !== null && Object.keys(problemFieldMap(save.error)).length === 0 && <ErrorAlert error={save.error} />}
        <Box>
          <Button type="submit" size="sm" colorPalette="blue" loading={save.isPending} loadingText="Saving" disabled={!changed && values.comment.trim() === ''}>
            Save analysis
          </Button>
        </Box>
      </Stack>
    </chakra.form>
  );
}
