// The permissions a role grants, chosen by spec 6 family instead of one tall page of policies: a
// filter, and per family a collapsible section whose header says how many of its permissions are
// chosen, with Select all and one row per resource. Native buttons and checkboxes: every control
// is a Tab stop and works with Space or Enter.
import { Box, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { Checkbox, TextField } from '../../../components/fields';
import { matchingChoices, PERMISSION_GROUPS, sortPermissions, type PermissionChoice, type PermissionGroup } from './permissionGroups';

export interface PermissionChooserProps {
  /** Chosen permissions (`action=>Resource`). */
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  disabled?: boolean;
}

export function PermissionChooser({ chosen, onChange, disabled }: PermissionChooserProps) {
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const shown = PERMISSION_GROUPS.map((group) => ({ group, choices: matchingChoices(group, filter) })).filter(({ choices }) => choices.length > 0);

  const changeFilter = (text: string) => {
    setFilter(text);
    // What the filter finds is shown: the families holding it open.
    if (text.trim() !== '') setExpanded(new Set(PERMISSION_GROUPS.filter((group) => matchingChoices(group, text).length > 0).map((group) => group.family)));
  };
  const toggle = (family: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(family)) next.add(family);
      return next;
    });
  const choose = (keys: readonly string[], on: boolean) =>
    onChange(sortPermissions(on ? [...chosen, ...keys] : chosen.filter((key) => !keys.includes(key))));

  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {chosen.length} of {PERMISSION_GROUPS.reduce((sum, group) => sum + group.choices.length, 0)} permissions chosen.
      </Text>
      <Box maxW="md">
        <TextField
          label="Filter permissions"
          type="search"
          value={filter}
          onChange={changeFilter}
          enterDoesNotSubmit
          helperText="An action, a resource or a family, e.g. delete Requirement."
        />
      </Box>
      {shown.length === 0 && <Text fontSize="sm">No permission matches “{filter.trim()}”.</Text>}
      {shown.map(({ group, choices }) => (
        <FamilySection
          key={group.family}
          group={group}
          choices={choices}
          chosen={chosen}
          open={expanded.has(group.family)}
          filtered={filter.trim() !== ''}
          onToggle={() => toggle(group.family)}
          onChoose={choose}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
}

interface FamilySectionProps {
  group: PermissionGroup;
  /** The group's permissions the filter shows. */
  choices: PermissionChoice[];
  chosen: readonly string[];
  open: boolean;
  filtered: boolean;
  onToggle: () => void;
  onChoose: (keys: readonly string[], on: boolean) => void;
  disabled?: boolean;
}

function FamilySection({ group, choices, chosen, open, filtered, onToggle, onChoose, disabled }: FamilySectionProps) {
  const id = useId();
  const panelId = `${id}-panel`;
  const count = group.choices.filter((choice) => chosen.includes(choice.key)).length;
  const keys = choices.map((choice) => choice.key);
  const chosenShown = keys.filter((key) => chosen.includes(key)).length;
  const shownKeys = new Set(keys);
  return (
    <chakra.section borderWidth="1px" borderRadius="md" aria-labelledby={`${id}-heading`}>
      <chakra.h4 id={`${id}-heading`} m={0} fontSize="sm">
        <Button
          variant="ghost"
          width="full"
          justifyContent="space-between"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span>
            <chakra.span aria-hidden display="inline-block" width="4">
              {open ? '▾' : '▸'}
            </chakra.span>
            {group.label}
          </span>
          <chakra.span fontWeight="normal" color="fg.muted">
            {count} of {group.choices.length} chosen
          </chakra.span>
        </Button>
      </chakra.h4>
      {open && (
        <Stack id={panelId} gap="2" px="4" pb="3" pt="1">
          <SelectAll
            label={filtered ? `Select all shown in ${group.label}` : `Select all in ${group.label}`}
            state={chosenShown === 0 ? 'none' : chosenShown === keys.length ? 'all' : 'some'}
            onChange={(on) => onChoose(keys, on)}
            disabled={disabled}
          />
          {group.resources
            .filter((row) => row.choices.some((choice) => shownKeys.has(choice.key)))
            .map((row) => (
              <Flex key={row.resource} role="group" aria-label={row.resource} gap="3" wrap="wrap" align="center">
                <Text fontSize="sm" fontWeight="medium" minW="48">
                  {row.resource}
                </Text>
                {row.choices
                  .filter((choice) => shownKeys.has(choice.key))
                  .map((choice) => (
                    <Checkbox
                      key={choice.key}
                      label={choice.action}
                      ariaLabel={choice.key}
                      checked={chosen.includes(choice.key)}
                      onChange={(on) => onChoose([choice.key], on)}
                      disabled={disabled}
                    />
                  ))}
              </Flex>
            ))}
        </Stack>
      )}
    </chakra.section>
  );
}

/** A checkbox for a whole family: checked, unchecked or mixed (`indeterminate`) as its permissions are. */
function SelectAll({ label, state, onChange, disabled }: { label: string; state: 'all' | 'some' | 'none'; onChange: (on: boolean) => void; disabled?: boolean }) {
  return (
    <chakra.label display="inline-flex" alignItems="center" gap={2} fontSize="sm" fontWeight="medium" cursor={disabled ? 'not-allowed' : 'pointer'}>
      <chakra.input
        type="checkbox"
        ref={(input: HTMLInputElement | null) => {
          if (input) input.indeterminate = state === 'some';
        }}
        checked={state === 'all'}
        disabled={disabled}
        onChange={() => onChange(state !== 'all')}
        w={4}
        h={4}
        accentColor="var(--chakra-colors-brand-600)"
      />
      {label}
    </chakra.label>
  );
}
