// A labelled progress bar (Chakra's Progress is not on the portal's federation surface).
import { Box } from '@chakra-ui/react';

export interface ProgressBarProps {
  label: string;
  /** 0..max */
  value: number;
  max?: number;
  /** Shown to screen readers, e.g. '12 of 149'. */
  valueText?: string;
  color?: string;
  height?: number;
}

export function ProgressBar({ label, value, max = 100, valueText, color = 'blue.500', height = 2 }: ProgressBarProps) {
  const ratio = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
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
    >
      <Box bg={color} h="full" width={`${Math.round(ratio * 1000) / 10}%`} transition="width 0.2s" />
    </Box>
  );
}
