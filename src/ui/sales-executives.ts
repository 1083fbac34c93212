import { useEffect, useMemo } from 'react';
import type { Option } from '../../domain/options';
import { loadUsers, useSession } from '../data/session';

/**
 * The product-frame's sales executive dropdown: the active sales users of the server's user list
 * (username as label, id as value), loaded when online and `wanted`; a signed-in sales user is
 * offered themself even offline, before the list arrives.
 */
export function useSalesExecutiveChoices(wanted = true): Option[] {
  const { user, users } = useSession();
  useEffect(() => {
    if (wanted && navigator.onLine) void loadUsers().catch(() => undefined);
  }, [wanted]);
  return useMemo(() => {
    const sales = users.filter((u) => u.department === 'sales' && u.is_active);
    const withMe = user && user.department === 'sales' && !sales.some((u) => u.id === user.id) ? [user, ...sales] : sales;
    return withMe.map((u) => ({ value: String(u.id), label: u.username }));
  }, [users, user]);
}
