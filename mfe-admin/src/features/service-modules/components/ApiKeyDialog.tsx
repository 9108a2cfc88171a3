// Shows a module's API key the one time the API returns it (creation, rotation): the key, a copy
// button and the warning that it cannot be shown again.
import { Alert, Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { showSnackbar } from '@portal/shared';
import { useState } from 'react';
import { PanelDialog } from '../../../components/PanelDialog';

export const COPY_FAILED = 'The key could not be copied. Select it and copy it by hand.';

export interface ApiKeyDialogProps {
  moduleName: string;
  apiKey: string;
  onClose: () => void;
}

export function ApiKeyDialog({ moduleName, apiKey, onClose }: ApiKeyDialogProps) {
  const [copyFailed, setCopyFailed] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopyFailed(false);
      showSnackbar('API key copied.', 'success');
    } catch {
      setCopyFailed(true);
    }
  };

  return (
    // Opened as the previous dialog closes, and its key cannot be shown again: only Done or
    // Escape closes it, never a stray click or the focus the previous dialog hands back.
    <PanelDialog open title={`API key of ${moduleName}`} onClose={onClose} closeText="Done" size="md" closeOnInteractOutside={false}>
      <Stack gap={4}>
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>Copy the key now: it is shown only this once. Store it where your pipeline reads its secrets.</Alert.Title>
        </Alert.Root>
        <HStack gap={3} align="stretch">
          <Box flex="1" borderWidth="1px" borderRadius="md" px={3} py={2} bg="bg.muted" overflowX="auto">
            <chakra.code aria-label="API key" fontFamily="mono" fontSize="sm" wordBreak="break-all" userSelect="all">
              {apiKey}
            </chakra.code>
          </Box>
          <Button onClick={() => void copy()} variant="outline">
            Copy
          </Button>
        </HStack>
        {copyFailed && (
          <Text role="alert" color="fg.error" fontSize="sm">
            {COPY_FAILED}
          </Text>
        )}
      </Stack>
    </PanelDialog>
  );
}
