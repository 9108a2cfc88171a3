// A labelled progress bar (Chakra's Progress recipe is not on the federation surface: the host
// would carry it in its first load). Without a value it is indeterminate: work whose length is
// unknown (processing on the server).
import { Box } from '@chakra-ui/react';

export interface ProgressBarProps {
  label: string;
  /** 0..max; undefined: indeterminate. */
  value?: number;
  max?: number;
  /** Read to screen readers, e.g. '1.2 MB of 3.4 MB' or '12 of 149'. */
  valueText?: string;
  color?: string;
  /** The bar's height in the theme's spacing units. */
  height?: number;
}

export function ProgressBar({ label, value, max = 100, valueText, color = 'blue.500', height = 2 }: ProgressBarProps) {
  const ratio = value === undefined ? undefined : max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      bg="bg.muted"
      borderRadius="full"
      h={height}
      overflow="hidden"
      minW="4rem"
      position="relative"
    >
      {ratio === undefined ? (
        <Box
          bg={color}
          h="full"
          w="35%"
          position="absolute"
          animation="indeterminate 1.2s ease-in-out infinite"
          css={{ '@keyframes indeterminate': { from: { left: '-35%' }, to: { left: '100%' } } }}
        />
      ) : (
        <Box bg={color} h="full" width={`${Math.round(ratio * 1000) / 10}%`} transition="width 0.2s" />
      )}
    </Box>
  );
}
