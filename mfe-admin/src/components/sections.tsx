// The scaffolding the administration screens share: a titled section (its h2 names the region),
// the muted intro line with the screen's main action, a list read that shows Empty when there is
// nothing, and the typed delete confirmation that shows the API's refusal inside it.
import { Box, Button, Heading, HStack, Stack, Text, type BoxProps } from '@chakra-ui/react';
import { ConfirmDialog, DeleteConfirmationDialog, Empty, ErrorAlert, QueryView, type EmptyProps, type QueryLike } from '@portal/shared';
import type { ReactNode } from 'react';

/** The main action of a screen or section; false or undefined when the user may not take it. */
export interface MainAction {
  label: string;
  onClick: () => void;
}

function MainActionButton({ action }: { action: MainAction | false | undefined }) {
  if (!action) return null;
  return (
    <Button colorPalette="brand" onClick={action.onClick}>
      {action.label}
    </Button>
  );
}

export interface AdminSectionProps extends Omit<BoxProps, 'id' | 'title'> {
  /** The section's id; its heading is `<id>-heading`. */
  id: string;
  title: ReactNode;
  /** The space under the heading (or under the heading's row when there is an action). */
  headingMb?: BoxProps['mb'];
  action?: MainAction | false;
}

/** A section of an administration screen, labelled by its h2 heading, with an optional main action beside it. */
export function AdminSection({ id, title, headingMb, action, children, ...box }: AdminSectionProps) {
  const headingId = `${id}-heading`;
  const heading = (
    <Heading as="h2" size="lg" id={headingId} mb={action === undefined ? headingMb : undefined}>
      {title}
    </Heading>
  );
  return (
    <Box as="section" aria-labelledby={headingId} {...box}>
      {action === undefined ? (
        heading
      ) : (
        <HStack justify="space-between" mb={headingMb}>
          {heading}
          <MainActionButton action={action} />
        </HStack>
      )}
      {children}
    </Box>
  );
}

/** The muted line that says what a screen holds, with the screen's main action on its right. */
export function ScreenIntro({ children, action }: { children: ReactNode; action: MainAction | false }) {
  return (
    <HStack justify="space-between" align="center" mb={4} gap={4} flexWrap="wrap">
      <Text color="fg.muted">{children}</Text>
      <MainActionButton action={action} />
    </HStack>
  );
}

export interface QueryListProps<L extends readonly unknown[]> {
  query: QueryLike<L>;
  /** The loading line, e.g. 'Loading users…'. */
  loading: string;
  /** What an empty list shows. */
  empty: EmptyProps;
  children: (list: L) => ReactNode;
}

/** A list read: loading, failure (NO ACCESS on 403), Empty when there is nothing, else the list. */
export function QueryList<L extends readonly unknown[]>({ query, loading, empty, children }: QueryListProps<L>) {
  return (
    <QueryView query={query} loading={loading} noAccessOnForbidden>
      {(list) => (list.length === 0 ? <Empty {...empty} /> : children(list))}
    </QueryView>
  );
}

/** A dialog's message, with the API's refusal under it when the action failed. */
export function MessageWithError({ children, error }: { children: ReactNode; error: unknown }) {
  return (
    <>
      <Text>{children}</Text>
      {error ? (
        <Box mt={4}>
          <ErrorAlert error={error} />
        </Box>
      ) : null}
    </>
  );
}

export interface ConfirmDeletionProps {
  title: string;
  /** What is deleted and what follows from it. */
  children: ReactNode;
  /** The deleting mutation: its refusal is shown in the dialog, and it is busy while it runs. */
  mutation: { error: unknown; isPending: boolean };
  onCancel: () => void;
  onConfirm: () => void;
  open?: boolean;
}

/** The typed delete confirmation of an administration object, with the API's refusal shown inside it. */
export function ConfirmDeletion({ title, children, mutation, onCancel, onConfirm, open = true }: ConfirmDeletionProps) {
  return (
    <DeleteConfirmationDialog
      open={open}
      title={title}
      message={<MessageWithError error={mutation.error}>{children}</MessageWithError>}
      busy={mutation.isPending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}

/** The message of a confirmation: what follows from it, then the API's refusal when the action failed. */
export function ConfirmMessage({ children, error }: { children: ReactNode; error: unknown }) {
  return (
    <Stack gap="3">
      <span>{children}</span>
      {error ? <ErrorAlert error={error} /> : null}
    </Stack>
  );
}

export interface ConfirmActionProps {
  open: boolean;
  title: string;
  yesText: string;
  /** What follows from the action. */
  children: ReactNode;
  /** The action's mutation: its refusal is shown in the dialog, and it is busy while it runs. */
  mutation: { error: unknown; isPending: boolean };
  onYes: () => void;
  onNo: () => void;
  /** How the message is laid out: ConfirmMessage (the default) or MessageWithError. */
  layout?: (props: { children: ReactNode; error: unknown }) => ReactNode;
}

/** The confirmation of an action other than a deletion: its consequence, the API's refusal, and Cancel. */
export function ConfirmAction({ open, title, yesText, children, mutation, onYes, onNo, layout: Message = ConfirmMessage }: ConfirmActionProps) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      message={<Message error={mutation.error}>{children}</Message>}
      yesText={yesText}
      noText="Cancel"
      busy={mutation.isPending}
      onYes={onYes}
      onNo={onNo}
    />
  );
}
