import { eq } from 'drizzle-orm';
import type { LpoDocumentData } from '../../../domain/documents';
import type { Db } from '../../db/client';
import { vendors } from '../../db/schema';
import { lpoView } from './queries';

/** An LPO as its document shows it: the LPO, its live lines, and the vendor it is addressed to (with the vendor's e-mail address, where it goes). */
export async function lpoDocumentData(db: Db, id: number): Promise<LpoDocumentData & { vendorEmail: string }> {
  const { lpo_items: items, vendor_name: _name, created_by_name: _author, approved_by_name: _approver, ...lpo } = await lpoView(db, id);
  const [vendor] = await db
    .select({ name: vendors.name, address: vendors.address, gstin: vendors.gst_number, state: vendors.state, phone: vendors.phone, email: vendors.email, payment_terms: vendors.payment_terms })
    .from(vendors)
    .where(eq(vendors.id, lpo.vendor));
  const { email, payment_terms: paymentTerms, ...party } = vendor!;
  return { lpo, items: items.map((item) => ({ ...item, deleted_at: null })), vendor: party, paymentTerms, vendorEmail: email };
}
