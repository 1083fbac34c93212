import 'fake-indexeddb/auto';
import { describe, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { listPathOf, type DataType } from '../../domain/data-types';
import { READ_PERMISSIONS, type Permission } from '../../domain/permissions';
import { routeByName, type RouteName } from '../../domain/routes';
import { registeredOperations } from '../../src/data/outbox/operations';
import '../../src/data/operations';
import { expectAccessMatrix, type GuardedCall } from '../support/access';
import { useTestServer } from '../support/server';

/**
 * Issue 17 §1: the server's guard reads the same permissions as the device. Each call is made by
 * every demo user and refused exactly when the permission the device holds refuses that user.
 */
const server = useTestServer();

/** A payload whose every field is the id 7: an operation's request only places ids in its url. */
const anyPayload = new Proxy({}, { get: (_, key) => (key === Symbol.toPrimitive ? undefined : 7) });

/** A screen's access (domain/routes.ts) and the endpoint the screen reads. */
const screenCall = (name: RouteName, url: string): GuardedCall => {
  const access = routeByName(name).access;
  if (!access || access === 'signed-in') throw new Error(`${name} names no permission`);
  return { method: 'GET', url, permission: access };
};

describe('the server refuses exactly whom the device refuses', () => {
  it('reads each mirrored data type under the permission preload sets are checked against', async () => {
    const calls = (Object.entries(READ_PERMISSIONS) as [DataType, Permission][]).map(([type, permission]): GuardedCall => ({ method: 'GET', url: listPathOf(type)!, permission }));
    await expectAccessMatrix(server.app(), calls);
  });

  it('guards each outbox operation’s endpoint with the permission enqueue checks', async () => {
    const calls = registeredOperations().map((operation): GuardedCall => {
      const { method, url } = operation.request(anyPayload);
      return { method, url, body: {}, permission: operation.permission };
    });
    await expectAccessMatrix(server.app(), calls);
  });

  it('refuses the report and dashboard endpoints to the roles whose menus hide their screens', async () => {
    await expectAccessMatrix(server.app(), [
      screenCall('jobs-valuation', API.jobOrders.valuationBySalesExecutive),
      screenCall('sales-valuation', API.jobOrders.valuationBySalesExecutive),
      screenCall('jobs-statuswise-detailed', API.jobOrders.statusWiseDetailed),
      screenCall('jobs-statuswise-ageing', API.jobOrders.statusWiseAgeing),
      screenCall('profitability-report', API.jobOrders.profitability),
      screenCall('landing', API.dashboard.landing),
      screenCall('production-home', API.dashboard.production),
      screenCall('foreman-prod-dashboard', API.dashboard.foreman),
      screenCall('metal-home', API.dashboard.metal),
      screenCall('acrylic-trays-dashboard', API.dashboard.acrylic),
      screenCall('purchases-dash', API.dashboard.purchases),
      screenCall('sales-dash', API.dashboard.sales),
      screenCall('design-home', API.dashboard.design),
      screenCall('missed-srp-opportunities', API.salesReports.missedSrpOpportunities),
      screenCall('sales-analysis', API.salesReports.analysis),
      screenCall('sales-analysis-accounts', API.salesReports.analysis),
      screenCall('accounts-home', API.invoices.agingReport),
      screenCall('accounts-home', API.invoices.invoiceableJobOrders),
      screenCall('packing-dispatch-dashboard', API.dispatches.dashboard),
      screenCall('material-reorder', API.materialReports.reorder),
      screenCall('material-ageing', API.materialReports.ageing),
      screenCall('material-consumption', API.materialReports.consumptionReport),
      screenCall('material-issued-today', API.materialReports.issuedToday),
      screenCall('material-price-variance', API.materialReports.priceVariance(7)),
    ]);
  });
});
