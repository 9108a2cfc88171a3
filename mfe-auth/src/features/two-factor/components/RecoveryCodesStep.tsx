import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { RECOVERY_CODES_PER_ROW } from '@portal/shared';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';

export const RECOVERY_CODES_FILE = 'recovery-codes.txt';
export const DOWNLOAD_REQUIRED_MESSAGE = 'Download the recovery codes before going on.';

/** Saves the codes as a text file, one per line. */
export function downloadRecoveryCodes(codes: string[]): void {
  const url = URL.createObjectURL(new Blob([codes.join('\n') + '\n'], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Step "Recovery codes": shown two per row; going on requires having downloaded them. */
export function RecoveryCodesStep({ codes, onNext }: { codes: string[]; onNext: () => void }) {
  const [downloaded, setDownloaded] = useState(false);
  const [blocked, setBlocked] = useState(false);

  return (
    <Stack gap={4}>
      <Text>Each recovery code signs you in once if you lose your authenticator. Keep them somewhere safe.</Text>
      <Box
        as="ul"
        aria-label="Recovery codes"
        listStyleType="none"
        display="grid"
        gridTemplateColumns={`repeat(${RECOVERY_CODES_PER_ROW}, 1fr)`}
        gap={2}
        fontFamily="mono"
      >
        {codes.map((code) => (
          <chakra.li key={code}>{code}</chakra.li>
        ))}
      </Box>
      {blocked && !downloaded && <FormError message={DOWNLOAD_REQUIRED_MESSAGE} />}
      <HStack justify="space-between">
        <Button
          variant="outline"
          onClick={() => {
            downloadRecoveryCodes(codes);
            setDownloaded(true);
          }}
        >
          Download
        </Button>
        <Button colorPalette="brand" onClick={() => (downloaded ? onNext() : setBlocked(true))}>
          Next
        </Button>
      </HStack>
    </Stack>
  );
}
