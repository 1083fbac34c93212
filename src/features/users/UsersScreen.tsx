import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Badge, Button, Heading, HStack, Input, NativeSelect, Stack, Switch } from '@chakra-ui/react';
import { DEPARTMENTS, DESIGNATIONS } from '../../../domain/departments';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { displayName, passwordSchema, type UserListItem } from '../../../domain/user';
import { api, responseBody } from '../../data/api';
import { useSession } from '../../data/session';
import { useRefreshOn } from '../../data/refresh-events';
import { DataTable } from '../../ui/DataTable';
import { openDialog } from '../../ui/dialog-store';
import { notify } from '../../ui/notify';
import { readFailure } from '../../ui/connection';
import { apiErrorMessage } from '../../../domain/api-errors';
import { ActivateUserDialog } from './ActivateUserDialog';
import { API } from '../../../domain/api-paths';
import { useUsers } from './api';

const PAGE_SIZE = 15;

async function act(work: () => Promise<unknown>, success: string, failure: string, reload: () => void) {
  try {
    await work();
    notify({ type: 'positive', message: success });
    reload();
  } catch (error) {
    notify({ type: 'negative', message: failure, caption: apiErrorMessage(responseBody(error)) });
  }
}

export default function UsersScreen() {
  const { user: me } = useSession();
  const isAdmin = can(me, 'users.admin');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [department, setDepartment] = useState('');
  const [activating, setActivating] = useState<UserListItem | null>(null);

  const users = useUsers({ page, pageSize: PAGE_SIZE, search, department });
  const { data, refetch: reload } = users;
  const error = readFailure(users);
  useRefreshOn('users-home', reload);

  const columns = useMemo<ColumnDef<UserListItem, unknown>[]>(() => {
    const base: ColumnDef<UserListItem, unknown>[] = [
      { header: 'Username', accessorKey: 'username' },
      { header: 'Name', cell: ({ row }) => displayName(row.original) },
      { header: 'Department', cell: ({ row }) => labelOf(DEPARTMENTS, row.original.department) },
      { header: 'Designation', cell: ({ row }) => labelOf(DESIGNATIONS, row.original.designation) },
      {
        header: 'Status',
        cell: ({ row }) => (
          <HStack>
            <Badge colorPalette={row.original.is_active ? 'green' : 'gray'}>{row.original.is_active ? 'Active' : 'Inactive'}</Badge>
            {row.original.is_superuser && <Badge colorPalette="red">Superuser</Badge>}
          </HStack>
        ),
      },
    ];
    if (!isAdmin) return base;
    return [
      ...base,
      {
        header: 'May create materials',
        cell: ({ row }) => (
          <Switch.Root
            checked={row.original.can_create_materials ?? false}
            aria-label={`Material creation for ${row.original.username}`}
            onCheckedChange={(e) =>
              act(
                () => (e.checked ? api.post : api.delete)(`/users/${row.original.id}/permissions/material-creation/`),
                e.checked ? `${row.original.username} may now create materials.` : `${row.original.username} may no longer create materials.`,
                'Failed to change the material-creation permission',
                reload,
              )
            }
          >
            <Switch.HiddenInput />
            <Switch.Control />
          </Switch.Root>
        ),
      },
      {
        header: 'Actions',
        cell: ({ row }) => {
          const u = row.original;
          return (
            <HStack>
              <Button
                size="xs"
                variant="outline"
                disabled={u.id === me?.id}
                onClick={async () => {
                  if (!u.is_active) return setActivating(u);
                  const ok = await openDialog({ title: 'Deactivate user', message: `${u.username} will be signed out and unable to sign in.`, type: 'negative', okLabel: 'Deactivate' });
                  if (ok) await act(() => api.post(API.users.deactivate(u.id)), `${u.username} deactivated.`, 'Failed to change the user', reload);
                }}
              >
                {u.is_active ? 'Deactivate' : 'Activate'}
              </Button>
              <Button
                size="xs"
                variant="outline"
                onClick={async () => {
                  const password = await openDialog({
                    title: 'Reset password',
                    message: `Set a new password for ${u.username}. Their open sessions end.`,
                    type: 'warning',
                    okLabel: 'Reset password',
                    prompt: { label: 'New password', type: 'password', validate: (v) => passwordSchema.safeParse(v).error?.issues[0]?.message ?? true },
                  });
                  if (password) await act(() => api.post(API.users.resetPassword(u.id), { new_password: password }), `Password of ${u.username} reset.`, 'Failed to reset the password', reload);
                }}
              >
                Reset password
              </Button>
            </HStack>
          );
        },
      },
    ];
  }, [isAdmin, me?.id, reload]);

  return (
    <Stack gap="4">
      <Heading size="xl">Users</Heading>
      <HStack gap="3" wrap="wrap">
        <Input
          maxW="xs"
          placeholder="Search by name or username"
          aria-label="Search users"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <NativeSelect.Root maxW="xs">
          <NativeSelect.Field
            aria-label="Department"
            value={department}
            onChange={(e) => {
              setDepartment(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All departments</option>
            {DEPARTMENTS.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {error && <Badge colorPalette="red">{error}</Badge>}
      {activating && (
        <ActivateUserDialog
          user={activating}
          onClose={(activation) => {
            const u = activating;
            setActivating(null);
            if (activation) void act(() => api.post(API.users.activate(u.id), activation), `${u.username} activated.`, 'Failed to activate the user', reload);
          }}
        />
      )}
      <DataTable columns={columns} rows={data?.results ?? []} count={data?.count ?? 0} page={page} pageSize={PAGE_SIZE} onPageChange={setPage} rowKey={(u) => u.id} empty="No users match." />
    </Stack>
  );
}
