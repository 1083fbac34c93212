import { API } from '../../../domain/api-paths';
import { vendorCreateSchema, vendorUpdateSchema } from '../../../domain/vendor';
import { defineOperation, ifMatch, localRefSchema, mergeInto, newRow, putServerRow } from '../outbox/operations';
import { ref } from '../outbox/placeholders';

/** POST vendors/vendors/ */
export const createVendor = defineOperation({
  name: 'vendor.create',
  permission: 'vendors.write',
  label: 'New vendor',
  type: 'vendors',
  schema: vendorCreateSchema,
  creates: true,
  request: (vendor) => ({ method: 'POST', url: API.vendors.list, body: vendor }),
  apply: (mirror, vendor, ctx) => mirror.rows('vendors').put(newRow({ ...vendor, deleted_at: null }, ctx)),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'vendors', row, ctx),
  describe: (vendor) => vendor.name,
});

/** PATCH vendors/vendors/{id}/ with If-Match: the version the user saw. */
export const editVendor = defineOperation({
  name: 'vendor.edit',
  permission: 'vendors.write',
  label: 'Edit vendor',
  type: 'vendors',
  schema: vendorUpdateSchema.extend({ id: localRefSchema }),
  rowId: (changes) => changes.id,
  request: ({ id, expected_version, ...changes }) => ({ method: 'PATCH', url: API.vendors.detail(ref(id)), body: changes, headers: ifMatch(expected_version) }),
  apply: (mirror, { id, expected_version: _, ...changes }, ctx) => mergeInto(mirror, 'vendors', id, changes, ctx.now),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'vendors', row, ctx),
  describe: (changes) => changes.name ?? `Vendor ${changes.id}`,
});
