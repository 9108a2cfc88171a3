import { Icon, IconButton } from '@chakra-ui/react';
import type { MouseEvent } from 'react';

export interface HelpButtonProps {
  /** Markdown help text (the wizard's `renderHelp` renders it; plain text without one). */
  help: string;
  /** Shown on right-click instead, when given. */
  alternateHelp?: string;
  onShow: (text: string) => void;
}

/** The wizard's help icon: click for the help text, right-click for the alternate one. */
export function HelpButton({ help, alternateHelp, onShow }: HelpButtonProps) {
  const onContextMenu = (event: MouseEvent<HTMLButtonElement>) => {
    if (alternateHelp === undefined) return;
    event.preventDefault();
    onShow(alternateHelp);
  };

  return (
    <IconButton aria-label="Help" variant="ghost" size="sm" rounded="full" onClick={() => onShow(help)} onContextMenu={onContextMenu}>
      <Icon boxSize="5" aria-hidden>
        <svg viewBox="0 0 24 24" fill="currentColor">
          <path d="M11 18h2v-2h-2v2zm1-16C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8zm0-14c-2.21 0-4 1.79-4 4h2c0-1.1.9-2 2-2s2 .9 2 2c0 2-3 1.75-3 5h2c0-2.25 3-2.5 3-5 0-2.21-1.79-4-4-4z" />
        </svg>
      </Icon>
    </IconButton>
  );
}
