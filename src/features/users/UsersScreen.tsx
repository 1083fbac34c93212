import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Badge, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { DEPARTMENTS, DESIGNATIONS } from '../../../domain/departments';
import { labelOf } from '../../../domain/options';
import { can } from '../../../domain/permissions';
import { displayName, passwordSchema, type User, type UserListItem } from '../../../domain/user';
import { useSession } from '../../data/session';
import { useRefreshOn } from '../../data/refresh-events';
import { DataTable, FilterSelect, SearchBox } from '../../ui/DataTable';
import { openDialog } from '../../ui/dialog-store';
import { notify } from '../../ui/notify';
import { readFailure, serverFailure } from '../../ui/connection';
import { Failure } from '../../ui/detail';
import { useCurrentRoute } from '../../ui/route';
import { ServerSwitch } from '../../ui/ServerSwitch';
import { ActivateUserDialog } from './ActivateUserDialog';
import { NewUserDialog } from './NewUserDialog';
import { UserSessionsDialog } from './UserSessionsDialog';
import { USER_STATUSES, userWrites, useUsers, type UsersFilter } from './api';

const PAGE_SIZE = 15;

/** The spec's words when a block fails (product-frame.md §8). */
export const BLOCK_FAILED = 'Failed to block user';

/** Runs an admin's write on an account: its notice either way (the failure with the server's reason), then the list read again. */
async function act(work: () => Promise<unknown>, success: string, failure: string, reload: () => void) {
  try {
    await work();
    notify({ type: 'positive', message: success });
  } catch (error) {
    notify({ type: 'negative', message: failure, caption: serverFailure(error) });
  } finally {
    reload();
  }
}

const blocked = (u: UserListItem) => typeof u.blocked_reason === 'string';

function StatusCell({ user }: { user: UserListItem }) {
  return (
    <Stack gap="1" align={{ base: 'flex-end', lg: 'flex-start' }}>
      <HStack wrap="wrap">
        {blocked(user) ? <Badge colorPalette="red">Blocked</Badge> : <Badge colorPalette={user.is_active ? 'green' : 'gray'}>{user.is_active ? 'Active' : 'Inactive'}</Badge>}
        {user.is_superuser && <Badge colorPalette="red">Superuser</Badge>}
      </HStack>
      {blocked(user) && (
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {user.blocked_reason}
        </Text>
      )}
    </Stack>
  );
}

/** What an admin may do to an account from the list; the superuser's console adds blocking and the account's sessions. */
function AccountActions({ user: u, me, reload, activate, showSessions }: { user: UserListItem; me: User; reload: () => void; activate: () => void; showSessions: () => void }) {
  const superuser = can(me, 'system.admin');
  const own = u.id === me.id;
  const deactivate = async () => {
    const ok = await openDialog({ title: 'Deactivate user', message: `${u.username} will be signed out and unable to sign in.`, type: 'negative', okLabel: 'Deactivate' });
    if (ok) await act(() => userWrites.deactivate(u), `${u.username} deactivated.`, 'Failed to change the user', reload);
  };
  const resetPassword = async () => {
    const password = await openDialog({
      title: 'Reset password',
      message: `Set a new password for ${u.username}. Their open sessions end.`,
      type: 'warning',
      okLabel: 'Reset password',
      prompt: { label: 'New password', type: 'password', validate: (v) => passwordSchema.safeParse(v).error?.issues[0]?.message ?? true },
    });
    if (password) await act(() => userWrites.resetPassword(u, password), `Password of ${u.username} reset.`, 'Failed to reset the password', reload);
  };
  const block = async () => {
    const reason = await openDialog({
      title: 'Block user',
      message: `${u.username} is signed out everywhere and cannot sign in until unblocked. The reason is kept with the account and in the audit log.`,
      type: 'negative',
      okLabel: 'Block',
      prompt: { label: 'Reason', validate: (v) => (v.trim() ? true : 'Give the reason.') },
    });
    if (reason) await act(() => userWrites.block(u, reason.trim()), `${u.username} blocked.`, BLOCK_FAILED, reload);
  };
  const unblock = async () => {
    const ok = await openDialog({ title: 'Unblock user', message: `${u.username} may sign in again${u.is_active ? '' : ' once active'}.`, type: 'warning', okLabel: 'Unblock' });
    if (ok) await act(() => userWrites.unblock(u), `${u.username} unblocked.`, 'Failed to unblock user', reload);
  };
  return (
    <HStack wrap="wrap" justify={{ base: 'flex-end', lg: 'flex-start' }} role="group" aria-label={`Actions for ${u.username}`}>
      {/* A blocked account is not active: activating it would not let it in, unblocking does. */}
      {!blocked(u) && (
        <Button size="xs" variant="outline" disabled={own} onClick={() => (u.is_active ? void deactivate() : activate())}>
          {u.is_active ? 'Deactivate' : 'Activate'}
        </Button>
      )}
      {superuser && !own && (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => void (blocked(u) ? unblock() : block())}>
          {blocked(u) ? 'Unblock' : 'Block'}
        </Button>
      )}
      <Button size="xs" variant="outline" onClick={() => void resetPassword()}>
        Reset password
      </Button>
      {superuser && (
        <Button size="xs" variant="outline" onClick={showSessions}>
          Sessions
        </Button>
      )}
    </HStack>
  );
}

/**
 * users-home (/users) and user-management (/superuser/users): the accounts, searched and
 * filtered, with what the reader may do to them: admins activate (assigning department and
 * designation), deactivate, reset passwords, grant material creation and create accounts;
 * superusers also block and unblock with a reason and end a user's sessions.
 */
export default function UsersScreen() {
  const { user: me } = useSession();
  const title = useCurrentRoute()?.title ?? 'Users';
  const isAdmin = can(me, 'users.admin');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Omit<UsersFilter, 'page' | 'pageSize'>>({ search: '', department: '', status: '' });
  const [activating, setActivating] = useState<UserListItem | null>(null);
  const [sessionsOf, setSessionsOf] = useState<UserListItem | null>(null);
  const [creating, setCreating] = useState(false);

  const users = useUsers({ page, pageSize: PAGE_SIZE, ...filters });
  const { data, refetch } = users;
  const failure = readFailure(users);
  useRefreshOn('users-home', refetch);
  const filter = (changed: Partial<typeof filters>) => {
    setFilters((current) => ({ ...current, ...changed }));
    setPage(1);
  };

  const columns = useMemo<ColumnDef<UserListItem, unknown>[]>(() => {
    const reload = () => void refetch();
    const base: ColumnDef<UserListItem, unknown>[] = [
      { header: 'Username', accessorKey: 'username' },
      { header: 'Name', cell: ({ row }) => displayName(row.original) },
      { header: 'Department', cell: ({ row }) => labelOf(DEPARTMENTS, row.original.department) },
      { header: 'Designation', cell: ({ row }) => labelOf(DESIGNATIONS, row.original.designation) },
      { header: 'Status', cell: ({ row }) => <StatusCell user={row.original} /> },
    ];
    if (!isAdmin || !me) return base;
    return [
      ...base,
      {
        header: 'May create materials',
        cell: ({ row }) => {
          const u = row.original;
          return (
            <ServerSwitch
              checked={u.can_create_materials ?? false}
              label={`Material creation for ${u.username}`}
              onPress={(granted) =>
                act(
                  () => userWrites.materialCreation(u, granted),
                  granted ? `${u.username} may now create materials.` : `${u.username} may no longer create materials.`,
                  'Failed to change the material-creation permission',
                  reload,
                )
              }
            />
          );
        },
      },
      {
        header: 'Actions',
        cell: ({ row }) => <AccountActions user={row.original} me={me} reload={reload} activate={() => setActivating(row.original)} showSessions={() => setSessionsOf(row.original)} />,
      },
    ];
  }, [isAdmin, me, refetch]);

  return (
    <Stack gap="4">
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="xl" flex="1">
          {title}
        </Heading>
        {isAdmin && (
          <Button size="lg" onClick={() => setCreating(true)}>
            New user
          </Button>
        )}
      </Flex>
      <HStack gap="3" wrap="wrap">
        <SearchBox label="Search by name or username" value={filters.search} onChange={(search) => filter({ search })} />
        <FilterSelect label="Department" allLabel="All departments" value={filters.department} options={DEPARTMENTS} onChange={(department) => filter({ department })} />
        {isAdmin && <FilterSelect label="Status" allLabel="Any status" value={filters.status} options={USER_STATUSES} onChange={(status) => filter({ status: status as UsersFilter['status'] })} />}
      </HStack>
      {failure && <Failure text={failure} />}
      {activating && (
        <ActivateUserDialog
          user={activating}
          onClose={(activation) => {
            const u = activating;
            setActivating(null);
            if (activation) void act(() => userWrites.activate(u, activation), `${u.username} activated.`, 'Failed to activate the user', () => void refetch());
          }}
        />
      )}
      {creating && (
        <NewUserDialog
          onClose={(created) => {
            setCreating(false);
            if (created) void refetch();
          }}
        />
      )}
      {sessionsOf && <UserSessionsDialog user={sessionsOf} onClose={() => setSessionsOf(null)} />}
      <DataTable columns={columns} rows={data?.results ?? []} count={data?.count ?? 0} page={page} pageSize={PAGE_SIZE} onPageChange={setPage} rowKey={(u) => u.id} empty="No users match." label={title} />
    </Stack>
  );
}
