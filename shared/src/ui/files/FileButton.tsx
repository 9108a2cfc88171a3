// The design system's file picker as a button: the visible button opens the platform's file
// dialog; the input itself stays out of sight and out of the Tab order (the button is the keyboard's
// way in), named by `label` for screen readers and tests. FileDrop is the same with a drop zone.
import { Button, chakra, type ButtonProps } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';

export interface FileButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The button's text, e.g. 'Import VEX'. */
  children: ReactNode;
  /** Names the file input, e.g. 'VEX file'. */
  label: string;
  accept?: string;
  /** Called with the chosen file; choosing the same file again calls it again. */
  onFile: (file: File) => void;
}

export function FileButton({ children, label, accept, onFile, disabled, ...button }: FileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <chakra.input
        ref={input}
        type="file"
        accept={accept}
        disabled={disabled}
        srOnly
        aria-label={label}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
