import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { z } from 'zod';
import type { MirrorRow } from '../../data/mirror/db';
import type { Operation, OutboxEntry } from '../../data/outbox';

/** The payload's own keys that say which row and which version, not what changes. */
const ADDRESSING = new Set(['id', 'expected_version']);

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** Can the change be sent again over the server's version (its payload names the version it expects)? */
export const canKeepMine = (operation: Operation | undefined, theirs: MirrorRow) =>
  operation?.schema instanceof z.ZodObject && 'expected_version' in operation.schema.shape && typeof theirs.version === 'number';

/**
 * Someone else changed the row first (a 409 with the server's row): the fields this change sets,
 * as the server has them now and as this device would make them, side by side. Nothing is
 * overwritten until the user chooses: keep mine (sent again over their version), take theirs
 * (this change is dropped), or fix and resend.
 */
export function ConflictView({
  entry,
  theirs,
  keepMine,
  onKeepMine,
  onTakeTheirs,
}: {
  entry: OutboxEntry;
  theirs: MirrorRow;
  keepMine: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const mine = (entry.payload ?? {}) as Record<string, unknown>;
  const fields = Object.keys(mine).filter((key) => !ADDRESSING.has(key));
  return (
    <Stack gap="3">
      <Text>Someone changed this record on the server after you last loaded it. Compare and choose which to keep.</Text>
      <Table.Root size="sm" aria-label="Theirs and mine">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Field</Table.ColumnHeader>
            <Table.ColumnHeader>Theirs (on the server now)</Table.ColumnHeader>
            <Table.ColumnHeader>Mine (this device)</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {fields.map((field) => {
            const differs = shown(theirs[field]) !== shown(mine[field]);
            return (
              <Table.Row key={field} data-differs={differs || undefined}>
                <Table.Cell>{field.replace(/_/g, ' ')}</Table.Cell>
                <Table.Cell fontWeight={differs ? 'semibold' : undefined}>{shown(theirs[field])}</Table.Cell>
                <Table.Cell fontWeight={differs ? 'semibold' : undefined}>{shown(mine[field])}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      <HStack>
        {keepMine && (
          <Button size="sm" onClick={onKeepMine}>
            Keep mine
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onTakeTheirs}>
          Take theirs
        </Button>
      </HStack>
    </Stack>
  );
}
