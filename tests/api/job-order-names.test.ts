import { describe, expect, it } from 'vitest';
import { makeUser } from '../support/factories';
import { makeJobOrder } from '../support/factories-requisitions';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/** Issue 17 §2: a job order names its sales executive wherever it is shown, offline too, so the device's rows carry the name. */

const { db, as } = useTestServer({ seed: 'users' });

/** A job order of Lulu Hypermarket, whose sales executive is the seed's Ravi Kumar (sales.exec) unless named. */
const luluJobOrder = async (salesExecutive?: number) => makeJobOrder(db(), { customer: (await makeCustomer(db(), { name: 'Lulu Hypermarket' })).id, salesExecutive });

describe("a job order's sales executive", () => {
  it("comes with the device's rows as a name, with the customer's name and the job order's label", async () => {
    const job = await luluJobOrder();
    const [row] = (await (await as('foreman')).get('/joborders/joborders/?updated_since=0')).json().results;
    expect(row).toMatchObject({ id: job.id, sales_executive_name: 'Ravi Kumar', customer_name: 'Lulu Hypermarket' });
    expect(row.label).toMatch(new RegExp(`^${job.id} - \\d\\d-\\d\\d-\\d{4}$`));
  });

  it('is named on the detail and the screens’ lists too', async () => {
    const job = await luluJobOrder();
    const stores = await as('stores');
    expect((await stores.get(`/joborders/joborders/${job.id}/`)).json().sales_executive_name).toBe('Ravi Kumar');
    expect((await stores.get('/joborders/joborders/list/')).json().results[0].sales_executive_name).toBe('Ravi Kumar');
  });

  it('is named by username when the account has no name', async () => {
    await luluJobOrder((await makeUser(db(), { username: 'anita.s', department: 'sales', designation: 'executive' })).id);
    expect((await (await as('foreman')).get('/joborders/joborders/?updated_since=0')).json().results[0].sales_executive_name).toBe('anita.s');
  });
});
