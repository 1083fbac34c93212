import { useState } from 'react';
import { Field, Input } from '@chakra-ui/react';
import { formatDisplayDate, parseDisplayDate } from '../../domain/rules/dates';

/** A DD-MM-YYYY day filter: the address changes once the day typed is whole (or emptied). */
export function DayFilter({ label, value, onChange }: { label: string; value: string; onChange: (iso: string) => void }) {
  const [typed, setTyped] = useState(formatDisplayDate(value));
  const [message, setMessage] = useState<string | null>(null);
  const apply = () => {
    const parsed = parseDisplayDate(typed);
    setMessage(parsed.ok ? null : parsed.message);
    if (parsed.ok) onChange(parsed.iso ?? '');
  };
  return (
    <Field.Root invalid={message !== null} maxW="44">
      <Field.Label>{label}</Field.Label>
      <Input
        size="lg"
        placeholder="DD-MM-YYYY"
        inputMode="numeric"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
      />
      {message && <Field.ErrorText>{message}</Field.ErrorText>}
    </Field.Root>
  );
}

