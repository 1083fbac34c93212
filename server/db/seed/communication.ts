import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { Department } from '../../../domain/departments';
import { departmentChannel, directConversation } from '../../../domain/message';
import { SYSTEM_ALERT_TYPES, type SystemAlertType } from '../../../domain/system-alert';
import { messages, systemAlerts } from '../schema';
import type { SeedContext, Staff } from './context';

/** Notes between the staff: to one person (a demo username), or to their own department's channel. */
const NOTES: readonly (readonly [from: Staff, to: { user: Staff } | { department: Department }, subject: string, body: string])[] = [
  ['production', { user: 'stores' }, 'Clear acrylic 5 mm running low', 'We have three jobs needing 5 mm clear acrylic this week. Please check stock and raise an LPO if needed.'],
  ['purchase.manager', { department: 'purchase' }, 'LPO needed: powder coat black', 'RAL 9005 powder coat is below reorder level. Please raise an LPO with Om Sai Powder Coaters.'],
  ['sales.manager', { user: 'sales.exec' }, 'Follow up with Lumen Opticals', 'They asked for revised prices on the eyewear stands. Please call them before Friday.'],
  ['production', { department: 'production' }, 'Vehicle for Crescent Malls', 'The tempo for the Crescent Malls delivery is booked for tomorrow 8 am. Please keep the counters packed.'],
  ['accounts', { user: 'sales.senior' }, 'Payment pending from Orbit Retail', 'The second instalment is overdue by 20 days. Please remind the customer.'],
  ['foreman', { user: 'stores' }, 'Consumables for the metal shop', 'Need cutting discs and welding rods for the rack job. Requisition raised.'],
  ['sales.manager', { department: 'sales' }, 'Monthly review on Monday', 'Please bring the pipeline and the pending quotations to the Monday review.'],
  ['design', { user: 'sales.exec' }, 'Drawings ready for approval', 'The 3D views for the jewellery counter are ready. Share them with the customer for approval.'],
  ['purchase', { user: 'accounts' }, 'Vendor invoice received', 'Invoice from Navkar Glass House for the toughened glass is with stores; GRA done.'],
  ['acrylic', { department: 'acrylic' }, 'Laser machine maintenance', 'The laser cutter is down for maintenance on Saturday; plan the acrylic jobs around it.'],
  ['admin', { department: 'admin' }, 'Backup completed', 'The weekly database backup completed and was copied off-site.'],
  ['metal', { user: 'foreman' }, 'Rework on gondola racks', 'Two racks came back with weld marks; rework requisition raised for grinding discs.'],
];

/**
 * Messages between the demo staff and to whole departments, most of them read. They are written
 * in the order they were sent, so their ids run with time as a live system's do (read markers
 * and threads count on it).
 */
export function generateMessages(ctx: SeedContext, count: number): void {
  const { rng, cal, data } = ctx;
  const notes = Array.from({ length: count }, (_, i) => {
    const sent = i < NOTES.length ? cal.ago(rng.int(0, 20), rng.int(10, 600)) : ctx.pastInstant(2);
    const read = rng.chance(cal.age(sent) > 2 ? 0.85 : 0.3) ? cal.after(sent, 0, rng.int(5, 600)) : null;
    return { note: NOTES[i % NOTES.length]!, sent, read };
  }).sort((a, b) => a.sent - b.sent);
  for (const { note, sent, read } of notes) {
    const [from, to, subject, body] = note;
    const sender = ctx.user(from);
    const recipient = 'user' in to ? ctx.user(to.user) : null;
    data.add(messages, {
      conversation: recipient === null ? departmentChannel((to as { department: Department }).department) : directConversation(sender, recipient),
      sender,
      recipient,
      department: 'department' in to ? to.department : null,
      subject,
      body,
      read_at: read === null ? null : cal.ts(read),
      created_by: sender,
      created_at: cal.ts(sent),
      updated_at: cal.ts(read ?? sent),
      deleted_at: null,
    });
  }
}

/**
 * Where each member of a seeded conversation has read to (decision 399): the latest message
 * someone read (`read_at`) or they sent themselves, so the demo users find the few newest
 * unread messages, not all of them. Runs once the messages are written (their ids are known).
 */
export async function seedReadMarkers(db: Db): Promise<void> {
  await db.execute(sql`
    WITH members AS (
      SELECT conversation, sender AS member FROM messages WHERE conversation LIKE 'direct-%'
      UNION SELECT conversation, recipient FROM messages WHERE conversation LIKE 'direct-%' AND recipient IS NOT NULL
      UNION SELECT m.conversation, u.id FROM messages m JOIN users u ON u.department = m.department AND u.is_active WHERE m.conversation LIKE 'department-%'
    )
    INSERT INTO message_reads (conversation, "user", last_read)
    SELECT conversation, member, last_read FROM (
      SELECT mb.conversation, mb.member,
        (SELECT max(m.id) FROM messages m WHERE m.conversation = mb.conversation AND m.deleted_at IS NULL AND (m.read_at IS NOT NULL OR m.sender = mb.member)) AS last_read
      FROM members mb
    ) markers
    WHERE last_read IS NOT NULL
    ON CONFLICT ("user", conversation) DO NOTHING`);
}

const ALERTS: Record<SystemAlertType, readonly (readonly [message: string, source: string])[]> = {
  info: [
    ['Weekly backup completed', 'database'],
    ['Application updated to the new version', 'api'],
  ],
  warning: [
    ['Disk usage of the data directory above 80%', 'database'],
    ['Five failed sign-ins for user stores in 5 minutes', 'auth'],
    ['Memory usage above 75% for 10 minutes', 'memory'],
  ],
  error: [
    ['Invoice e-mail could not be delivered to the customer', 'invoices'],
    ['Slow responses from the materials list (p95 above 2 s)', 'api'],
  ],
  critical: [
    ['Database connection pool exhausted', 'database'],
    ['Backup failed: destination not reachable', 'database'],
  ],
};

/** System alerts of every type, older ones resolved by the admin. */
export function generateAlerts(ctx: SeedContext, count: number): void {
  const { rng, cal, data } = ctx;
  const types = SYSTEM_ALERT_TYPES.map((t) => [t.value, t.value === 'critical' ? 1 : 3] as const);
  for (let i = 0; i < count; i++) {
    const type = rng.cover(i, types);
    const [message, source] = rng.pick(ALERTS[type]);
    const raised = ctx.pastInstant(2, 180);
    // One open alert of each type; the rest mostly dealt with, older ones always.
    const resolved = i >= types.length && (cal.age(raised) > 7 || rng.chance(0.5)) ? cal.after(raised, 0, rng.int(10, 900)) : null;
    data.add(systemAlerts, {
      type,
      message,
      timestamp: cal.ts(raised),
      resolved: resolved !== null,
      resolved_at: resolved === null ? null : cal.ts(resolved),
      resolved_by: resolved === null ? null : ctx.user('admin'),
      source,
      created_by: null,
      created_at: cal.ts(raised),
      updated_at: cal.ts(resolved ?? raised),
    });
  }
}
