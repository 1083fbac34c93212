import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import type { ActiveSession } from '../../../domain/session';
import { userListItemSchema, type Activation, type UserCreate, type UserListItem } from '../../../domain/user';
import { api } from '../../data/api';

const pageOfUsers = z.object({ count: z.number(), results: z.array(userListItemSchema) });

export const USER_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive or blocked' },
] as const;

/** Which users the admin asks for: a page, a search, a department and a status ('' for any). */
export interface UsersFilter {
  page: number;
  pageSize: number;
  search: string;
  department: string;
  status: '' | (typeof USER_STATUSES)[number]['value'];
}

export const getUsers = async ({ page, pageSize, search, department, status }: UsersFilter) =>
  pageOfUsers.parse(
    (await api.get(API.users.list, { params: { page, page_size: pageSize, search: search || undefined, department: department || undefined, is_active: status ? status === 'active' : undefined } })).data,
  );

export const usersQuery = (filter: UsersFilter) => queryOptions({ queryKey: ['users', filter], queryFn: () => getUsers(filter) });

export const useUsers = (filter: UsersFilter) => useQuery(usersQuery(filter));

/** The sessions a user has open now, on every device (a superuser's read). */
export const useUserSessions = (user: Pick<UserListItem, 'id'>) =>
  useQuery({
    queryKey: ['users', 'sessions', user.id],
    queryFn: async () => (await api.get<ActiveSession[]>(API.admin.activeSessions, { params: { user: user.id } })).data,
  });

/** The admin's writes on an account; each answers when the server has taken it. */
export const userWrites = {
  create: (account: UserCreate) => api.post(API.users.list, account),
  activate: (user: UserListItem, activation: Activation) => api.post(API.users.activate(user.id), activation),
  deactivate: (user: UserListItem) => api.post(API.users.deactivate(user.id)),
  resetPassword: (user: UserListItem, password: string) => api.post(API.users.resetPassword(user.id), { new_password: password }),
  materialCreation: (user: UserListItem, granted: boolean) => (granted ? api.post : api.delete)(API.users.materialCreation(user.id)),
  block: (user: UserListItem, reason: string) => api.post(API.system.blockUser(user.id), { reason }),
  unblock: (user: UserListItem) => api.post(API.system.unblockUser(user.id)),
  terminateSession: (session: ActiveSession) => api.post(API.admin.terminateSession(session.id)),
};
