// The progress of one file being sent: what is sent, a bar of the bytes (apiClient.upload's
// progress) and the bytes as text, and a way to cancel when the sender offers one.
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { ProgressBar } from '../feedback/ProgressBar';
import { formatSize } from './formatSize';

export interface UploadProgressProps {
  /** What the line says, e.g. 'Uploading bom.json'. */
  title: string;
  /** Names the bar for screen readers, e.g. 'Upload progress'. */
  label: string;
  /** Bytes sent of the total, as apiClient.upload reports them. */
  progress: { loaded: number; total: number };
  onCancel?: () => void;
  cancelText?: string;
}

export function UploadProgress({ title, label, progress, onCancel, cancelText = 'Cancel upload' }: UploadProgressProps) {
  const sent = `${formatSize(progress.loaded)} of ${formatSize(progress.total)}`;
  return (
    <HStack gap={3} minW="20rem">
      <Text fontSize="sm" flexShrink={0}>
        {title}
      </Text>
      <Box flex="1">
        <ProgressBar label={label} value={progress.total ? Math.round((progress.loaded / progress.total) * 100) : 0} valueText={sent} />
      </Box>
      <Text fontSize="xs" color="fg.muted" flexShrink={0}>
        {sent}
      </Text>
      {onCancel && (
        <Button size="xs" variant="ghost" onClick={onCancel}>
          {cancelText}
        </Button>
      )}
    </HStack>
  );
}
