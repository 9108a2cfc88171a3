// License categories as labels and counts: permissive, weak copyleft, strong copyleft (a risk:
// the whole work may have to be published under it) and unknown (a risk: nobody can tell).
import { chakra, HStack } from '@chakra-ui/react';
import { LICENSE_CATEGORIES, type LicenseCategory, type LicenseCategoryCounts } from '@portal/shared';

const STYLE: Record<LicenseCategory, { label: string; bg: string; color: string }> = {
  permissive: { label: 'Permissive', bg: 'green.100', color: 'green.900' },
  'weak-copyleft': { label: 'Weak copyleft', bg: 'yellow.100', color: 'yellow.900' },
  'strong-copyleft': { label: 'Strong copyleft', bg: 'red.100', color: 'red.900' },
  unknown: { label: 'Unknown', bg: 'gray.200', color: 'gray.800' },
};

export const categoryLabel = (category: LicenseCategory) => STYLE[category]?.label ?? category;

export function CategoryBadge({ category, children }: { category: LicenseCategory; children?: React.ReactNode }) {
  const style = STYLE[category] ?? STYLE.unknown;
  return (
    <chakra.span px={2} py={0.5} borderRadius="full" fontSize="xs" fontWeight="semibold" bg={style.bg} color={style.color} whiteSpace="nowrap">
      {children ?? style.label}
    </chakra.span>
  );
}

export function CategoryCounts({ counts, label }: { counts: LicenseCategoryCounts; label: string }) {
  return (
    <HStack as="ul" gap={1.5} listStyleType="none" flexWrap="wrap" aria-label={label}>
      {LICENSE_CATEGORIES.map((category) => (
        <li key={category} aria-label={`${categoryLabel(category)}: ${counts[category] ?? 0}`}>
          {/* Not dimmed when zero: a faded badge fell to 2.7:1 contrast (WCAG 1.4.3); its count says zero. */}
          <CategoryBadge category={category}>
            {categoryLabel(category)} {counts[category] ?? 0}
          </CategoryBadge>
        </li>
      ))}
    </HStack>
  );
}
