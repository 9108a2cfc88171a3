// The steps, rules and values of the Add and Modify wizards (issue 6 item 2): title required, the
// code's format, a real due date, well-formed tags, and a markdown description with its live
// sanitized preview. Text with a script-injection marker is 'Invalid input.' here and at the API.
import { Input } from '@chakra-ui/react';
import { MESSAGES, REQUIREMENT_PRIORITIES, type Requirement, type RequirementInput, type RequirementPriority, type UserRef } from '@portal/shared';
import { Select, type WizardFieldRenderProps, type WizardStep } from '@portal/shared/screens';
import { MarkdownEditor } from '../../markdown';
import { PRIORITY_LABELS } from '../../../components/labels';
import { ownerField } from './OwnerField';

export interface RequirementFormValues {
  title: string;
  code: string;
  priority: string;
  description: string;
  due_date: string;
  tags: string;
  source: string;
  /** A user id; '' for nobody. */
  owner_id: string;
}

export const EMPTY_FORM: RequirementFormValues = { title: '', code: '', priority: 'MEDIUM', description: '', due_date: '', tags: '', source: '', owner_id: '' };

export const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{0,63}$/;
export const CODE_MESSAGE = 'Letters, digits, hyphen, underscore and period only, starting with a letter (at most 64).';
export const TAG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._:-]{0,49}$/;
export const TAG_MESSAGE = 'Tags are separated by commas; each has letters, digits, space, hyphen, underscore, period or colon (at most 50).';
export const MAX_TAGS = 20;
export const DATE_MESSAGE = 'A date as YYYY-MM-DD.';

export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

export function isRealDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export function valuesOf(requirement: Requirement): RequirementFormValues {
  return {
    title: requirement.title,
    code: requirement.code,
    priority: requirement.priority,
    description: requirement.description,
    due_date: requirement.due_date ?? '',
    tags: requirement.tags.join(', '),
    source: requirement.source ?? '',
    owner_id: requirement.owner?.id ?? '',
  };
}

export function inputOf(values: RequirementFormValues): RequirementInput {
  return {
    title: values.title.trim(),
    ...(values.code.trim() ? { code: values.code.trim() } : {}),
    priority: values.priority as RequirementPriority,
    description: values.description,
    due_date: values.due_date || null,
    tags: parseTags(values.tags),
    source: values.source.trim() || null,
    // '' (not null, which the API client drops) removes the owner.
    owner_id: values.owner_id,
  };
}

function PrioritySelect({ id, value, setValue, onFocus, onBlur, disabled }: WizardFieldRenderProps<RequirementFormValues, 'priority'>) {
  return (
    <Select id={id} value={value} disabled={disabled} onFocus={onFocus} onBlur={onBlur} onChange={(event) => setValue(event.target.value)} w="full" h={10}>
      {REQUIREMENT_PRIORITIES.map((priority) => (
        <option key={priority} value={priority}>
          {PRIORITY_LABELS[priority]}
        </option>
      ))}
    </Select>
  );
}

function DateInput({ id, value, setValue, onFocus, onBlur, disabled }: WizardFieldRenderProps<RequirementFormValues, 'due_date'>) {
  return <Input id={id} type="date" value={value} disabled={disabled} onFocus={onFocus} onBlur={onBlur} onChange={(event) => setValue(event.target.value)} />;
}

function DescriptionEditor({ id, value, setValue, onFocus, onBlur, disabled, invalid }: WizardFieldRenderProps<RequirementFormValues, 'description'>) {
  return <MarkdownEditor id={id} value={value} onChange={setValue} onFocus={onFocus} onBlur={onBlur} disabled={disabled} invalid={invalid} />;
}

/** A message the API gave for a field, shown while the field keeps the value it was given for. */
export type ServerFieldErrors = Partial<Record<keyof RequirementFormValues, { value: string; message: string }>>;

/** Where the wizard runs: the process (graph) and, in Modify, the requirement's owner. */
export interface RequirementFormContext {
  graph: string;
  owner?: UserRef | null;
}

export function requirementSteps(serverErrors: ServerFieldErrors, today: string | null, context: RequirementFormContext): WizardStep<RequirementFormValues>[] {
  const server = (name: keyof RequirementFormValues) => (value: string) =>
    serverErrors[name] && serverErrors[name]!.value === value ? serverErrors[name]!.message : undefined;
  return [
    {
      id: 'identity',
      title: 'Requirement',
      description: 'What is required, its code and its priority.',
      fields: [
        { name: 'title', label: 'Title', rules: { required: true, max: 500 }, validate: server('title') },
        {
          name: 'code',
          label: 'Code',
          helperText: 'Left empty, the next REQ-<n> is given.',
          rules: { max: 64, trigger: 'blur' },
          validate: (value) => (CODE_PATTERN.test(value.trim()) ? server('code')(value) : CODE_MESSAGE),
        },
        { name: 'priority', label: 'Priority', rules: { required: true }, render: (props) => <PrioritySelect {...props} /> },
      ],
    },
    {
      id: 'description',
      title: 'Description',
      description: 'Markdown; the preview shows what readers will see.',
      fields: [
        {
          name: 'description',
          label: 'Description',
          rules: { max: 20000 },
          validate: server('description'),
          render: (props) => <DescriptionEditor {...props} />,
        },
      ],
    },
    {
      id: 'planning',
      title: 'Planning',
      description: 'Who owns it, when it is due, how it is tagged and where it comes from.',
      fields: [
        ownerField(context.graph, context.owner ?? null, server('owner_id')),
        {
          name: 'due_date',
          label: 'Due date',
          render: (props) => <DateInput {...props} />,
          validate: (value) => {
            if (!isRealDate(value)) return DATE_MESSAGE;
            if (today !== null && value < today) return 'The due date cannot be in the past.';
            return server('due_date')(value);
          },
        },
        {
          name: 'tags',
          label: 'Tags',
          placeholder: 'e.g. access-control, iso27001',
          helperText: 'Separated by commas.',
          rules: { max: 1000, trigger: 'blur' },
          validate: (value) => {
            const tags = parseTags(value);
            if (tags.length > MAX_TAGS) return `At most ${MAX_TAGS} tags.`;
            if (!tags.every((tag) => TAG_PATTERN.test(tag))) return TAG_MESSAGE;
            return server('tags')(value);
          },
        },
        { name: 'source', label: 'Source', placeholder: 'e.g. ISO 27001 A.9.2', rules: { max: 255 }, validate: server('source') },
      ],
    },
  ];
}

/** Which field a 400 'Invalid input.' without field details is about: one with a marker. */
export const INVALID_INPUT = MESSAGES.invalidInput;

/** Today as YYYY-MM-DD in the user's time zone. */
export function todayText(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
