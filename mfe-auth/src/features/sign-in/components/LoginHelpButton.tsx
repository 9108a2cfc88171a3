import { IconButton, Spinner, Text } from '@chakra-ui/react';
import { NoticeDialog } from '@portal/shared';
import { useState } from 'react';
import { BUILT_IN_LOGIN_HELP, useLoginHelp } from '../api/getLoginHelp';

/** The help icon of the Sign In screen: a notice with the Login help text, loaded on first open. */
export function LoginHelpButton() {
  const [open, setOpen] = useState(false);
  const help = useLoginHelp({ enabled: open });
  const text = help.isError ? BUILT_IN_LOGIN_HELP : help.data;

  return (
    <>
      <IconButton aria-label="Help" title="Help" variant="ghost" rounded="full" onClick={() => setOpen(true)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="10" />
          <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
        </svg>
      </IconButton>
      <NoticeDialog
        open={open}
        title="Login help"
        onClose={() => setOpen(false)}
        // Rendered as plain text: the markdown source stays readable and nothing in it is executed.
        message={text === undefined ? <Spinner size="sm" aria-label="Loading help" /> : <Text whiteSpace="pre-wrap">{text}</Text>}
      />
    </>
  );
}
