import { useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { labelOf } from '../../domain/options';
import { MATERIAL_UNITS, type Material } from '../../domain/material';
import { formatIndian } from '../../domain/rules/numbers';
import { mirror } from '../data/mirror/db';

const SHOWN = 8;

/**
 * Finds a material on the device by any word of its name, brand, size or colour and offers the
 * best matches as large buttons (a tablet held in one hand: no dropdown of thousands of rows).
 */
export function MaterialPicker({ onPick, exclude, label = 'Find a material' }: { onPick: (material: Material) => void; exclude: ReadonlySet<number>; label?: string }) {
  const [term, setTerm] = useState('');
  const materials = useLiveQuery(() => mirror.rowsOf<Material>('materials').toArray(), []);
  const matches = useMemo(() => {
    const words = term.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0 || !materials) return [];
    return materials
      .filter((m) => !m.deleted_at && !exclude.has(m.id))
      .filter((m) => {
        const text = `${m.name} ${m.brand} ${m.size} ${m.color} ${m.thickness}`.toLowerCase();
        return words.every((w) => text.includes(w));
      })
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, SHOWN);
  }, [term, materials, exclude]);

  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <Input size="lg" type="search" placeholder="Type part of the name" value={term} onChange={(e) => setTerm(e.target.value)} />
      </Field.Root>
      {term.trim() && matches.length === 0 && <Text color="fg.muted">No material matches “{term.trim()}”.</Text>}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
        {matches.map((m) => (
          <Button
            key={m.id}
            size="lg"
            minH="14"
            variant="outline"
            justifyContent="space-between"
            onClick={() => {
              onPick(m);
              setTerm('');
            }}
          >
            <Text truncate>{m.name}</Text>
            <Text color="fg.muted" fontSize="sm">
              {formatIndian(m.quantity)} {labelOf(MATERIAL_UNITS, m.unit)}
            </Text>
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
