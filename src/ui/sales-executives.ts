import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import type { Option } from '../../domain/options';
import { loadUsers, useSession } from '../data/session';

const KEPT_CHOICES = 'fabops.sales-executives';
const keptChoicesSchema = z.array(z.object({ value: z.string(), label: z.string() }));

/** The choices the device last had from the server, so a manager offline can still pick an executive. */
function keptChoices(): Option[] {
  try {
    return keptChoicesSchema.parse(JSON.parse(localStorage.getItem(KEPT_CHOICES) ?? '[]'));
  } catch {
    return [];
  }
}

/**
 * The product-frame's sales executive dropdown: the active sales users of the server's user list
 * (username as label, id as value), loaded when online and `wanted`, and kept on the device for
 * when it is offline (decision 252); a signed-in sales user is offered themself even offline,
 * before the list arrives.
 */
export function useSalesExecutiveChoices(wanted = true): Option[] {
  const { user, users } = useSession();
  useEffect(() => {
    if (wanted && navigator.onLine) void loadUsers().catch(() => undefined);
  }, [wanted]);
  const loaded = useMemo(() => users.filter((u) => u.department === 'sales' && u.is_active).map((u) => ({ value: String(u.id), label: u.username })), [users]);
  useEffect(() => {
    if (loaded.length) localStorage.setItem(KEPT_CHOICES, JSON.stringify(loaded));
  }, [loaded]);
  return useMemo(() => {
    const sales = loaded.length ? loaded : keptChoices();
    const me = user && user.department === 'sales' && !sales.some((o) => o.value === String(user.id)) ? [{ value: String(user.id), label: user.username }] : [];
    return [...me, ...sales];
  }, [loaded, user]);
}
