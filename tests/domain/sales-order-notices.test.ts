import { describe, expect, it } from 'vitest';
import { SALES_ORDER_FINAL_STATUSES, SALES_ORDER_NOTICES, SALES_ORDER_STATUSES, SALES_ORDER_TRANSITIONS } from '../../domain/sales-order';

describe('sales order notices (business-areas.md §8)', () => {
  it("carry the spec's failure messages word for word", () => {
    expect(SALES_ORDER_NOTICES).toMatchObject({
      createFailed: 'Failed to create sales order',
      createFromQuotationFailed: 'Failed to create sales order from quotation',
      updateFailed: 'Failed to update sales order',
      statusUpdateFailed: 'Failed to update sales order status',
      deleteFailed: 'Failed to delete sales order',
    });
  });

  it('have a success mirroring each failure, items included', () => {
    expect(SALES_ORDER_NOTICES).toMatchObject({
      itemAdded: 'Item added successfully',
      itemAddFailed: 'Failed to add item',
      itemUpdated: 'Item updated successfully',
      itemUpdateFailed: 'Failed to update item',
      itemDeleted: 'Item deleted successfully',
      itemDeleteFailed: 'Failed to delete item',
      created: 'Sales order created successfully',
      createdFromQuotation: 'Sales order created from quotation successfully',
      updated: 'Sales order updated successfully',
      statusUpdated: 'Sales order status updated successfully',
      deleted: 'Sales order deleted successfully',
    });
  });
});

describe('the sales order status table', () => {
  it('names every status, and the final statuses are exactly those with no way out', () => {
    expect(Object.keys(SALES_ORDER_TRANSITIONS)).toEqual(SALES_ORDER_STATUSES.map((s) => s.value));
    expect(Object.entries(SALES_ORDER_TRANSITIONS).filter(([, next]) => next.length === 0).map(([status]) => status)).toEqual([...SALES_ORDER_FINAL_STATUSES]);
  });
});
