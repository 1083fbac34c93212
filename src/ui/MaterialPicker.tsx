import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Button, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { materialIdFromLabel } from '../../domain/material-label';
import { listPathOf } from '../../domain/data-types';
import { materialUnitLabel, type Material, type MaterialName } from '../../domain/material';
import type { MaterialNamesType } from '../../domain/row-rules';
import { formatIndian } from '../../domain/decimal';
import { api } from '../data/api';
import { mirror } from '../data/mirror/db';
import { queryMirror } from '../data/mirror/query';
import { QrScanner } from './QrScanner';

const SHOWN = 8;
const BY_NAME = { field: 'name', desc: false };

/** A picked row: a material with its stock, or (from materialNames) only its name and unit. */
type Picked<T extends MaterialNamesType> = T extends 'materials' ? Material : MaterialName;

/** The first materials on the device, by name, with every word typed beginning a word of their name, brand, size, colour or thickness. */
async function materialsMatching(type: MaterialNamesType, term: string, exclude: ReadonlySet<number>): Promise<MaterialName[]> {
  if (!term.trim()) return [];
  const { rows } = await queryMirror(type, { sort: BY_NAME, search: term, offset: 0, limit: SHOWN + exclude.size });
  return (rows as unknown as MaterialName[]).filter((m) => !m.deleted_at && !exclude.has(m.id)).slice(0, SHOWN);
}

/**
 * The scanned material: from the device, or, while the device is still loading its materials,
 * from the server when there is a connection (a label on the shelf is never "unknown" just
 * because the first load has not reached it).
 */
async function scannedMaterial(type: MaterialNamesType, id: number): Promise<MaterialName | undefined> {
  const local = await mirror.rowsOf<MaterialName>(type).get(id);
  if (local || !navigator.onLine) return local;
  try {
    return (await api.get<MaterialName>(`${listPathOf(type)}${id}/`)).data;
  } catch {
    return undefined;
  }
}

/** Browsers without camera access (no HTTPS, no camera API) get no scan button. */
const hasCamera = () => typeof navigator !== 'undefined' && navigator.mediaDevices !== undefined;

/**
 * Finds a material on the device by any word of its name, brand, size or colour and offers the
 * best matches as large buttons (a tablet held in one hand: no dropdown of thousands of rows), or
 * by scanning the QR label on the material with the camera. `type` is where it looks: the
 * user's materials, or every material's name (a requisition's picker, row-rules.ts).
 */
export function MaterialPicker<T extends MaterialNamesType = 'materials'>({
  onPick,
  exclude,
  type = 'materials' as T,
  label = 'Find a material',
  scan = hasCamera(),
}: {
  onPick: (material: Picked<T>) => void;
  exclude: ReadonlySet<number>;
  type?: T;
  label?: string;
  scan?: boolean;
}) {
  const pick = onPick as (material: MaterialName) => void;
  const [term, setTerm] = useState('');
  const [scanProblem, setScanProblem] = useState<string | null>(null);
  // By content: callers may pass a new set on every render.
  const excluded = [...exclude].sort((a, b) => a - b).join(',');
  const matches = useLiveQuery(() => materialsMatching(type, term, new Set(excluded.split(',').filter(Boolean).map(Number))), [type, term, excluded]);

  // The label is looked up on the device, so scanning works offline like the search does.
  const pickScanned = async (text: string) => {
    const id = materialIdFromLabel(text);
    const material = id === null ? undefined : await scannedMaterial(type, id);
    if (!material || material.deleted_at) setScanProblem('This label is not a material on this device.');
    else if (exclude.has(material.id)) setScanProblem(`${material.name} is already chosen.`);
    else {
      setScanProblem(null);
      pick(material);
    }
  };

  return (
    <Stack gap="2">
      <HStack align="end" gap="2">
        <Field.Root flex="1">
          <Field.Label>{label}</Field.Label>
          <Input
            size="lg"
            type="search"
            placeholder="Type part of the name"
            value={term}
            onChange={(e) => {
              setTerm(e.target.value);
              setScanProblem(null);
            }}
          />
        </Field.Root>
        {scan && <QrScanner onScan={(text) => void pickScanned(text)} />}
      </HStack>
      {scanProblem && (
        <Text role="alert" color="fg.error">
          {scanProblem}
        </Text>
      )}
      {term.trim() && matches?.length === 0 && <Text color="fg.muted">No material matches “{term.trim()}”.</Text>}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
        {matches?.map((m) => (
          <Button
            key={m.id}
            size="lg"
            minH="14"
            variant="outline"
            justifyContent="space-between"
            // Whole names: similar materials differ at the end ("… 3 mm Clear" and "… 3 mm Opal").
            h="auto"
            py="2"
            whiteSpace="normal"
            textAlign="start"
            onClick={() => {
              pick(m);
              setTerm('');
            }}
          >
            <Text>{m.name}</Text>
            <Text color="fg.muted" fontSize="sm" whiteSpace="nowrap">
              {'quantity' in m && `${formatIndian((m as Material).quantity)} `}
              {materialUnitLabel(m.unit)}
            </Text>
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
