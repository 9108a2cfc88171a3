// Where a file is dropped or picked: a drop zone that also holds a "Choose file" button (the
// keyboard's way in). Folders are picked as their files (webkitdirectory) when `folders` is set.
import { Box, Button, chakra, HStack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';

export interface FileDropProps {
  /** Names the zone for screen readers, e.g. 'SBOM file'. */
  label: string;
  accept?: string;
  multiple?: boolean;
  /** Offer a second button that picks a whole folder. */
  folders?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  hint?: ReactNode;
  chooseText?: string;
}

export function FileDrop({ label, accept, multiple, folders, disabled, onFiles, hint, chooseText = 'Choose file' }: FileDropProps) {
  const inputId = useId();
  const folderRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (list: FileList | null | undefined) => {
    const files = list ? Array.from(list) : [];
    if (files.length > 0 && !disabled) onFiles(multiple ? files : files.slice(0, 1));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer?.files);
  };
  return (
    <Box
      role="group"
      aria-label={`${label}: drop zone`}
      aria-disabled={disabled || undefined}
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'blue.500' : 'border'}
      bg={over ? 'blue.50' : undefined}
      borderRadius="md"
      p={4}
      opacity={disabled ? 0.6 : 1}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="file-drop"
    >
      <HStack gap={3} flexWrap="wrap">
        <Button size="sm" variant="outline" disabled={disabled} onClick={() => fileRef.current?.click()}>
          {chooseText}
        </Button>
        {folders && (
          <Button size="sm" variant="outline" disabled={disabled} onClick={() => folderRef.current?.click()}>
            Choose folder
          </Button>
        )}
        <Text fontSize="sm" color="fg.muted">
          or drop {multiple ? 'files' : 'a file'} here
        </Text>
      </HStack>
      {hint && (
        <Text fontSize="xs" color="fg.muted" mt={2}>
          {hint}
        </Text>
      )}
      <chakra.label htmlFor={inputId} srOnly>
        {label}
      </chakra.label>
      <chakra.input
        ref={fileRef}
        id={inputId}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        srOnly
        // The visible button opens it: without this, Tab would stop once more on an invisible field.
        tabIndex={-1}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
      {folders && (
        <chakra.input
          ref={(element: HTMLInputElement | null) => {
            folderRef.current = element;
            // Not a React attribute: set on the element so the picker takes a folder.
            element?.setAttribute('webkitdirectory', '');
          }}
          type="file"
          multiple
          disabled={disabled}
          srOnly
          aria-label={`${label} (folder)`}
          tabIndex={-1}
          onChange={(event) => {
            take(event.target.files);
            event.target.value = '';
          }}
        />
      )}
    </Box>
  );
}
