// The controls of a list's filter bar: a labelled search box and a labelled checkbox.
import { chakra, Input } from '@chakra-ui/react';

export interface SearchInputProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  width?: string;
}

export function SearchInput({ label, placeholder, value, onChange, width = '18rem' }: SearchInputProps) {
  return <Input type="search" size="sm" w={width} aria-label={label} placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />;
}

export function CheckboxFilter({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <chakra.label display="flex" alignItems="center" gap={2} fontSize="sm">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </chakra.label>
  );
}
