import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { userListItemSchema } from '../../../domain/user';
import { api } from '../../data/api';

const pageOfUsers = z.object({ count: z.number(), results: z.array(userListItemSchema) });

/** Which users the admin asks for: a page, a search and a department ('' for none). */
export interface UsersFilter {
  page: number;
  pageSize: number;
  search: string;
  department: string;
}

export const getUsers = async ({ page, pageSize, search, department }: UsersFilter) =>
  pageOfUsers.parse((await api.get(API.users.list, { params: { page, page_size: pageSize, search: search || undefined, department: department || undefined } })).data);

export const usersQuery = (filter: UsersFilter) => queryOptions({ queryKey: ['users', filter], queryFn: () => getUsers(filter) });

export const useUsers = (filter: UsersFilter) => useQuery(usersQuery(filter));
