// The process's custom metrics (issue 25 item 1, "chosen in a form, no free SQL"): a list with
// their definitions, and a form to define one — name, entity, count or average of a numeric field,
// filters (a field equals a value, or one of values) — exactly the shape POST/PUT metrics/custom
// checks (docs/metrics.md). The API's 400 names the field (`name`, `field`, `filters[1].value` …):
// the form shows its message there. Delete asks first. Each button shows only with its permission.
import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, Empty, ErrorAlert, FormDialog, isApiError, Loading, problemFieldMap, usePermitted } from '@portal/shared';
import {
  CUSTOM_METRIC_ENTITIES,
  CUSTOM_METRIC_FIELDS,
  type CustomMetric,
  type CustomMetricAggregate,
  type CustomMetricDefinition,
  type CustomMetricEntity,
} from '@portal/shared/operations';
import { CheckboxGroupField, SelectField, TextField } from '@portal/shared/screens';
import { useState } from 'react';
import { METRIC_PERMISSIONS, useCustomMetrics, useDeleteCustomMetric, useSaveCustomMetric } from '../api/metrics';

const ENTITY_LABELS: Record<CustomMetricEntity, string> = { findings: 'Findings', tasks: 'Tasks', requirements: 'Requirements', applications: 'Applications' };
const fieldLabel = (field: string) => field.replace(/_/g, ' ');

interface FilterDraft {
  field: string;
  /** The chosen values of a closed list, or the text of a free one. */
  values: string[];
  text: string;
}

interface Draft {
  name: string;
  entity: CustomMetricEntity;
  aggregate: CustomMetricAggregate;
  field: string;
  filters: FilterDraft[];
}

const EMPTY_DRAFT: Draft = { name: '', entity: 'findings', aggregate: 'count', field: '', filters: [] };

function draftOf(metric: CustomMetric): Draft {
  const choices = CUSTOM_METRIC_FIELDS[metric.entity].filters;
  return {
    name: metric.name,
    entity: metric.entity,
    aggregate: metric.aggregate,
    field: metric.field ?? '',
    filters: (metric.filters ?? []).map((filter) => {
      const values = Array.isArray(filter.value) ? filter.value : [filter.value];
      return choices[filter.field] ? { field: filter.field, values, text: '' } : { field: filter.field, values: [], text: values.join(', ') };
    }),
  };
}

/** The body the API takes: a field only for an average, a filter's single value as a text. */
export function definitionOf(draft: Draft): CustomMetricDefinition {
  const choices = CUSTOM_METRIC_FIELDS[draft.entity].filters;
  const definition: CustomMetricDefinition = { name: draft.name.trim(), entity: draft.entity, aggregate: draft.aggregate };
  if (draft.aggregate === 'avg') definition.field = draft.field;
  if (draft.filters.length > 0) {
    definition.filters = draft.filters.map((filter) => {
      const values = choices[filter.field] ? filter.values : filter.text.split(',').map((value) => value.trim()).filter((value) => value !== '');
      return { field: filter.field, value: values.length === 1 ? values[0]! : values };
    });
  }
  return definition;
}

export function describeDefinition(metric: CustomMetricDefinition): string {
  const what = metric.aggregate === 'avg' ? `Average ${fieldLabel(metric.field ?? '')} of ${metric.entity}` : `Count of ${metric.entity}`;
  const filters = (metric.filters ?? []).map((filter) => `${fieldLabel(filter.field)} ${Array.isArray(filter.value) ? `is one of ${filter.value.join(', ')}` : `is ${filter.value}`}`);
  return filters.length > 0 ? `${what} where ${filters.join(' and ')}` : what;
}

function CustomMetricForm({ graph, editing, onClose }: { graph: string; editing: CustomMetric | null; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : EMPTY_DRAFT);
  const save = useSaveCustomMetric(graph);
  const errors = problemFieldMap(save.error);
  // A name the process already has (409) belongs at the name.
  if (isApiError(save.error) && save.error.status === 409 && !errors.name) errors.name = String(save.error.problem?.detail ?? save.error.message);
  const showError = save.error && Object.keys(errors).length === 0 ? save.error : null;
  const fields = CUSTOM_METRIC_FIELDS[draft.entity];
  const filterNames = Object.keys(fields.filters);
  const change = (patch: Partial<Draft>) => {
    save.reset();
    setDraft((current) => ({ ...current, ...patch }));
  };
  const changeFilter = (index: number, patch: Partial<FilterDraft>) => change({ filters: draft.filters.map((filter, at) => (at === index ? { ...filter, ...patch } : filter)) });
  const title = editing ? `Edit ${editing.name}` : 'New custom metric';
  return (
    <FormDialog
      open
      title={title}
      size="lg"
      onClose={onClose}
      submitText={editing ? 'Save' : 'Create'}
      busy={save.isPending}
      error={showError}
      onSubmit={() => save.mutate({ id: editing?.id, definition: definitionOf(draft) }, { onSuccess: onClose })}
    >
      <TextField label="Name" required value={draft.name} onChange={(name) => change({ name })} error={errors.name} />
      <SelectField
        label="Entity"
        value={draft.entity}
        onChange={(entity) => change({ entity: entity as CustomMetricEntity, field: '', filters: [], aggregate: CUSTOM_METRIC_FIELDS[entity as CustomMetricEntity].numeric.length === 0 ? 'count' : draft.aggregate })}
        options={CUSTOM_METRIC_ENTITIES.map((entity) => ({ value: entity, label: ENTITY_LABELS[entity] }))}
        error={errors.entity}
      />
      <SelectField
        label="Aggregate"
        value={draft.aggregate}
        onChange={(aggregate) => change({ aggregate: aggregate as CustomMetricAggregate, field: aggregate === 'avg' ? (fields.numeric[0] ?? '') : '' })}
        options={[
          { value: 'count', label: 'Count' },
          ...(fields.numeric.length > 0 ? [{ value: 'avg', label: 'Average' }] : []),
        ]}
        error={errors.aggregate}
      />
      {draft.aggregate === 'avg' && (
        <SelectField label="Field" value={draft.field} onChange={(field) => change({ field })} options={fields.numeric.map((field) => ({ value: field, label: fieldLabel(field) }))} emptyOption="Choose a field" error={errors.field} />
      )}
      <Stack as="fieldset" gap={3}>
        <Text as="legend" fontWeight="medium" fontSize="sm">
          Filters
        </Text>
        {errors.filters ? (
          <Text fontSize="sm" color="fg.error">
            {errors.filters}
          </Text>
        ) : null}
        {draft.filters.length === 0 && <Text fontSize="sm" color="fg.muted">No filter: every {draft.entity.replace(/s$/, '')} counts.</Text>}
        {draft.filters.map((filter, index) => {
          const choices = fields.filters[filter.field];
          const number = index + 1;
          return (
            <Box key={index} borderWidth="1px" borderRadius="md" p={2} role="group" aria-label={`Filter ${number}`}>
              <HStack align="flex-start" gap={2}>
                <Stack flex="1" gap={2}>
                  <SelectField
                    label={`Filter ${number} field`}
                    value={filter.field}
                    onChange={(field) => changeFilter(index, { field, values: [], text: '' })}
                    options={filterNames.map((name) => ({ value: name, label: fieldLabel(name) }))}
                    error={errors[`filters[${index}].field`] ?? errors[`filters[${index}]`]}
                  />
                  {choices ? (
                    <>
                      <CheckboxGroupField legend={`Filter ${number}: ${fieldLabel(filter.field)} is one of`} values={choices} checked={filter.values} onChange={(values) => changeFilter(index, { values })} />
                      {errors[`filters[${index}].value`] ? (
                        <Text fontSize="sm" color="fg.error" role="alert">
                          {errors[`filters[${index}].value`]}
                        </Text>
                      ) : null}
                    </>
                  ) : (
                    <TextField
                      label={`Filter ${number} value`}
                      value={filter.text}
                      onChange={(text) => changeFilter(index, { text })}
                      helperText="One value, or several separated by commas (one of them)."
                      error={errors[`filters[${index}].value`]}
                    />
                  )}
                </Stack>
                <IconButton size="sm" variant="ghost" aria-label={`Remove filter ${number}`} onClick={() => change({ filters: draft.filters.filter((_, at) => at !== index) })}>
                  ×
                </IconButton>
              </HStack>
            </Box>
          );
        })}
        {filterNames.length > 0 && draft.filters.length < 10 && (
          <Box>
            <Button size="sm" variant="outline" onClick={() => change({ filters: [...draft.filters, { field: filterNames[0]!, values: [], text: '' }] })}>
              Add filter
            </Button>
          </Box>
        )}
      </Stack>
    </FormDialog>
  );
}

/** The list of custom metrics with New, Edit and Delete as the permissions allow. */
export function CustomMetrics({ graph }: { graph: string }) {
  const mayList = usePermitted(METRIC_PERMISSIONS.LIST);
  const mayCreate = usePermitted(METRIC_PERMISSIONS.CREATE);
  const mayUpdate = usePermitted(METRIC_PERMISSIONS.UPDATE);
  const mayDelete = usePermitted(METRIC_PERMISSIONS.DELETE);
  const list = useCustomMetrics(graph, mayList);
  const remove = useDeleteCustomMetric(graph);
  const [form, setForm] = useState<{ editing: CustomMetric | null } | null>(null);
  const [deleting, setDeleting] = useState<CustomMetric | null>(null);
  if (!mayList) return null;
  return (
    <Stack as="section" aria-label="Custom metrics" gap={3}>
      <HStack justify="space-between">
        <Text as="h2" fontSize="lg" fontWeight="semibold">
          Custom metrics
        </Text>
        {mayCreate && (
          <Button size="sm" colorPalette="brand" onClick={() => setForm({ editing: null })}>
            New custom metric
          </Button>
        )}
      </HStack>
      {remove.error ? <ErrorAlert error={remove.error} title="The custom metric could not be deleted" /> : null}
      {list.isPending ? (
        <Loading label="Loading the custom metrics…" />
      ) : list.error ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Empty title="No custom metric yet" description="A custom metric counts or averages findings, tasks, requirements or applications with filters." />
      ) : (
        <Stack as="ul" gap={2} listStyleType="none" m={0} p={0}>
          {list.data.map((metric) => (
            <Box as="li" key={metric.id} borderWidth="1px" borderRadius="md" p={3}>
              <HStack justify="space-between" align="flex-start" flexWrap="wrap">
                <Stack gap={0.5}>
                  <Text fontWeight="semibold">{metric.name}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {describeDefinition(metric)}
                  </Text>
                </Stack>
                <HStack>
                  {mayUpdate && (
                    <Button size="sm" variant="outline" aria-label={`Edit ${metric.name}`} onClick={() => setForm({ editing: metric })}>
                      Edit
                    </Button>
                  )}
                  {mayDelete && (
                    <Button size="sm" variant="outline" colorPalette="red" aria-label={`Delete ${metric.name}`} onClick={() => setDeleting(metric)}>
                      Delete
                    </Button>
                  )}
                </HStack>
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
      {form && <CustomMetricForm graph={graph} editing={form.editing} onClose={() => setForm(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete custom metric"
        message={deleting ? `Delete ${deleting.name}? Its values over time go with it.` : ''}
        yesText="Delete"
        noText="Cancel"
        busy={remove.isPending}
        onNo={() => setDeleting(null)}
        onYes={() => {
          if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
    </Stack>
  );
}
