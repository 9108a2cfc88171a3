// The help icon of the Add and Modify wizards (spec 2.3): a click shows this markdown help in a
// notice, rendered as descriptions are (sanitized); a right-click the alternate text, the rules
// of the fields in short.
import type { WizardProps } from '@portal/shared/screens';
import { MarkdownView } from '../../markdown';
import type { RequirementFormValues } from './requirementForm';

export const REQUIREMENT_HELP = `## Adding and modifying a requirement

1. **Requirement**: a *title* (required), a *code* (left empty, the next \`REQ-<n>\` is given) and a *priority*.
2. **Description**: markdown; the preview shows what readers will see.
3. **Planning**: the *owner*, who implements it and answers for it; the *due date*; *tags* separated by commas; the *source* it comes from (a standard's control, a regulation).

The owner is one of the process's members who may update a requirement's progress. When a reviewer
accepts the requirement, the person it is delegated to becomes its owner.

Next moves on once the step is valid; Back returns to the step before. Right-click the help icon for the field rules.`;

export const REQUIREMENT_ALTERNATE_HELP = `**Field rules**

- Title: at most 500 characters.
- Code: letters, digits, hyphen, underscore and period, starting with a letter (at most 64); unique in the process.
- Due date: YYYY-MM-DD, not in the past when adding.
- Tags: at most 20, each of letters, digits, space, hyphen, underscore, period or colon (at most 50).
- Source: at most 255 characters.`;

/** Spread on the wizard: its help, alternate help and their sanitized markdown rendering. */
export const requirementWizardHelp: Pick<WizardProps<RequirementFormValues>, 'help' | 'alternateHelp' | 'renderHelp'> = {
  help: REQUIREMENT_HELP,
  alternateHelp: REQUIREMENT_ALTERNATE_HELP,
  renderHelp: (text) => <MarkdownView text={text} />,
};
