import { describe, expect, it } from 'vitest';
import { API, apiPath } from '../../domain/api-paths';

describe('API paths', () => {
  it('fills a pattern with its values in order, as the server registered it', () => {
    expect(API.requisitions.detail.pattern).toBe('/requisitions/requisitions/:id/');
    expect(API.requisitions.detail(7)).toBe('/requisitions/requisitions/7/');
    expect(apiPath('/files/:owner_type/:owner_id/')('job_order', 12)).toBe('/files/job_order/12/');
  });

  it('encodes text but leaves an outbox placeholder for the replayer to resolve', () => {
    expect(API.customers.exists('Acme & Sons/Pune')).toBe('/customers/exists/Acme%20%26%20Sons%2FPune/');
    expect(API.requisitionDetails.detail('{{tempId:-3}}')).toBe('/requisitions/requisition_details/{{tempId:-3}}/');
  });

  it('keeps a path without parameters as its string', () => {
    expect(API.materials.list).toBe('/materials/materials/');
    expect(API.deliveryNotes.byJobStatus['ready-to-dispatch']).toBe('/deliverynotes/delivery_notes/list/ready-to-dispatch/');
  });
});
