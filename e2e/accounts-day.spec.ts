import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { API } from '../domain/api-paths';
import type { CompanyProfile } from '../domain/company';
import type { Customer } from '../domain/customer';
import { add, formatIndian, sub, toMoney } from '../domain/decimal';
import type { AgingReport, InvoiceableOrder, InvoiceView } from '../domain/invoice';
import { pathOf } from '../domain/routes';
import { rupeesInWords } from '../domain/rules/numbers';
import { attachmentText, mailTo } from './mailbox';
import { apiGet, signIn } from './support';

/**
 * A day in accounts through the screens (issue 20 §5): packing & dispatch sends a job order's goods
 * and marks it dispatched; accounts makes a draft invoice from it and completes its HSN codes; the
 * management, who did not make it, approves it (accounts, its maker, cannot); accounts mails it
 * from the invoice (the run's SMTP server receives its PDF, e2e/mailbox.ts), records a part payment
 * and then the rest, and the invoice shows Paid. The aging report and the customer's outstanding
 * agree after each payment.
 */

const DESKTOP = { width: 1366, height: 900 };
/** Acrylic fabrication: the HSN accounts types for every line the job order brought. */
const HSN = '3926';
/** The customer pays ₹ 10,000 first, by NEFT, and the rest later. */
const PART = '10000.00';
const NEFT = `NEFT-${Date.now().toString(36).toUpperCase()}`;
const REST_REFERENCE = `UPI-${Date.now().toString(36).toUpperCase()}`;

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(page, username);
  return page;
}

interface ReadyNote {
  id: number;
  job_order: number;
}

/**
 * A delivery note packed and waiting to leave, of a registered customer in the company's own state
 * (CGST and SGST) with an e-mail address and nothing else to deliver on its job order: once it is
 * dispatched, the job order waits for its invoice. The demo's dispatched job orders waiting for an
 * invoice are all of customers in other states (IGST).
 */
async function noteToDispatch(request: APIRequestContext): Promise<{ note: ReadyNote; customer: Customer }> {
  const company = await apiGet<CompanyProfile>(request, API.system.company);
  const { results } = await apiGet<{ results: ReadyNote[] }>(request, API.deliveryNotes.list, { status: 'ready-to-dispatch', page_size: 100 });
  for (const note of results) {
    const job = await apiGet<{ customer: number }>(request, API.jobOrders.detail(note.job_order));
    const customer = await apiGet<Customer>(request, API.customers.detail(job.customer));
    const notes = await apiGet<{ count: number }>(request, API.deliveryNotes.list, { job_order: note.job_order });
    if (customer.state === company.state && customer.gst_number && customer.email && notes.count === 1) return { note, customer };
  }
  throw new Error('The demo company has no packed delivery note of a registered customer in its state.');
}

/** What the aging report says the customer owes in all (nothing when the customer is not listed). */
async function agingOf(request: APIRequestContext, customer: number): Promise<string> {
  const report = await apiGet<AgingReport>(request, API.invoices.agingReport);
  return report.customers.find((row) => row.customer === customer)?.total ?? '0.00';
}

/** A fact of a detail screen (Outstanding, Invoice No.), by its label. */
const fact = (page: Page, label: string) => page.getByRole('main').locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

/** The customer's record, as accounts reads it, says the same outstanding as the aging report. */
async function customerOwes(page: Page, request: APIRequestContext, customer: number): Promise<string> {
  const aging = await agingOf(request, customer);
  await page.goto(pathOf('customer-detail', { customer }));
  await expect(page.getByRole('main').getByText(/^Outstanding ₹/)).toHaveText(new RegExp(`^Outstanding ₹${formatIndian(aging).replace(/[.,]/g, '\\$&')}\\b`), { timeout: 30_000 });
  return aging;
}

/** Records a receipt from the invoice's "Record payment": the form opens for its customer with what it owes allocated to it. */
async function recordPayment(page: Page, invoice: InvoiceView, amount: string, reference: string): Promise<void> {
  await page.goto(pathOf('invoice-detail', { id: invoice.id }));
  await page.getByRole('group', { name: 'Invoice actions' }).getByRole('link', { name: 'Record payment' }).click();
  const form = page.getByRole('form', { name: 'Record receipt' });
  const allocation = form.getByLabel(`Allocate to ${invoice.invoice_number}`);
  await expect(allocation).toHaveValue(invoice.outstanding_amount);
  await expect(form.getByLabel('Amount (₹)')).toHaveValue(invoice.outstanding_amount);
  await form.getByLabel('Amount (₹)').fill(amount);
  await allocation.fill(amount);
  await form.getByLabel('Reference').fill(reference);
  await expect(form.getByTestId('receipt-split')).toHaveText(`Allocated ₹ ${formatIndian(amount)}Unallocated (advance) ₹ 0.00`);
  await form.getByRole('button', { name: 'Save receipt' }).click();
  await expect(page.getByText('Receipt recorded.')).toBeVisible();
}

test('accounts day: a job order dispatched, invoiced from its detail, its HSN completed, approved by another, mailed with its PDF, paid in two parts; the aging report and the customer agree', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const { note, customer } = await noteToDispatch(request);
  const owedBefore = await agingOf(request, customer.id);

  // Packing & dispatch sends the goods in the morning and marks the job order dispatched.
  const dispatch = await signedIn(browser, 'dispatch');
  await dispatch.goto(pathOf('jobs-ready-to-dispatch'));
  const card = dispatch.getByTestId('ready-note').filter({ has: dispatch.getByRole('link', { name: `Delivery note ${note.id}`, exact: true }) });
  await card.getByRole('button', { name: 'Dispatch' }).click();
  await dispatch.getByRole('dialog').getByLabel('Vehicle number').fill('MH 12 CD 8899');
  await dispatch.getByRole('dialog').getByRole('button', { name: 'Dispatch' }).click();
  await expect(dispatch.getByText('Dispatch recorded: the delivery note is on its way.')).toBeVisible();
  // Its last goods gone, the job order moves to Dispatched.
  await dispatch.goto(pathOf('job-order-detail', { id: note.job_order }));
  await dispatch.getByRole('main').getByRole('button', { name: 'Dispatched', exact: true }).click();
  await dispatch.getByRole('alertdialog').or(dispatch.getByRole('dialog')).getByRole('button', { name: 'Dispatched', exact: true }).click();
  // The status change is sent from the device's outbox; a read that fails is asked again.
  const waiting = () =>
    apiGet<InvoiceableOrder[]>(request, API.invoices.invoiceableJobOrders).then(
      (orders) => orders.find((order) => order.id === note.job_order)?.status,
      (error: Error) => error.message,
    );
  await expect.poll(waiting, { timeout: 30_000 }).toBe('dispatched');

  // Accounts opens the job order and makes the draft invoice from it.
  const accounts = await signedIn(browser, 'accounts');
  await accounts.goto(pathOf('accounts-job-detail', { id: note.job_order }));
  await accounts.getByRole('link', { name: 'Create invoice' }).click();
  await expect(accounts).toHaveURL(new RegExp(`${pathOf('invoice-from-job-order', { jobOrderId: note.job_order })}$`));
  await expect(accounts.getByRole('main').getByText(customer.name, { exact: true })).toBeVisible();
  await accounts.getByRole('button', { name: 'Create draft invoice' }).click();
  await expect(accounts).toHaveURL(/\/invoices\/\d+\/edit$/, { timeout: 30_000 });
  const invoiceId = Number(/\/invoices\/(\d+)\/edit$/.exec(accounts.url())![1]);

  // The draft's edit screen: every line gets its HSN code.
  const form = accounts.getByRole('form', { name: `Edit draft invoice ${invoiceId}` });
  const lines = form.getByTestId('invoice-line');
  await expect(lines.first()).toBeVisible();
  const lineCount = await lines.count();
  for (let item = 1; item <= lineCount; item++) await form.getByLabel(`HSN/SAC of item ${item}`).fill(HSN);
  await form.getByRole('button', { name: 'Save invoice' }).click();
  await expect(accounts.getByText('Draft invoice saved.')).toBeVisible();
  await expect(accounts).toHaveURL(new RegExp(`${pathOf('invoice-detail', { id: invoiceId })}$`));
  const draft = await apiGet<InvoiceView>(request, API.invoices.detail(invoiceId));
  expect({ job_order: draft.job_order, customer: draft.customer, status: draft.status, hsn: draft.items.map((line) => line.hsn_code) }).toEqual({
    job_order: note.job_order,
    customer: customer.id,
    status: 'draft',
    hsn: Array.from({ length: lineCount }, () => HSN),
  });
  // Accounts made it: approving is for another.
  const accountsActions = accounts.getByRole('group', { name: 'Invoice actions' });
  await expect(accountsActions.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(accountsActions.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The management approves it: it gets its number.
  const management = await signedIn(browser, 'management');
  await management.goto(pathOf('invoice-detail', { id: invoiceId }));
  await management.getByRole('group', { name: 'Invoice actions' }).getByRole('button', { name: 'Approve' }).click();
  await management.getByRole('alertdialog').or(management.getByRole('dialog')).getByRole('button', { name: 'Approve' }).click();
  await expect(management.getByText(/^Invoice approved as INV-\d{2}-\d{2}\/\d{5}\.$/)).toBeVisible();
  const approved = await apiGet<InvoiceView>(request, API.invoices.detail(invoiceId));
  expect({ status: approved.status, approved_by_name: approved.approved_by_name, outstanding: approved.outstanding_amount }).toEqual({
    status: 'approved',
    approved_by_name: 'Rohan Mehta',
    outstanding: approved.total_amount,
  });
  const number = approved.invoice_number!;
  expect(await agingOf(request, customer.id)).toBe(toMoney(add(owedBefore, approved.total_amount)));

  // Accounts sends it from the invoice, to the customer's address; the customer receives the PDF.
  await accounts.goto(pathOf('invoice-detail', { id: invoiceId }));
  await expect(fact(accounts, 'Invoice No.')).toHaveText(number);
  await accountsActions.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = accounts.getByRole('dialog');
  await expect(dialog.getByLabel('E-mail addresses')).toHaveValue(customer.email);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(accounts.getByText(`Invoice sent to ${customer.email}.`)).toBeVisible();
  await expect(accounts.getByRole('main').getByText('Sent', { exact: true }).first()).toBeVisible();

  const mail = await mailTo(customer.email, new RegExp(`^Tax invoice ${number.replace(/[/.]/g, '\\$&')} from `));
  const filename = `${number.replace(/\//g, '-')}.pdf`;
  expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[filename, 'application/pdf']]);
  const pdf = await attachmentText(mail, filename);
  expect(pdf).toContain('Tax Invoice');
  expect(pdf).toContain(number);
  expect(pdf).toContain(`GSTIN: ${approved.company_gstin}`);
  expect(pdf).toContain(`GSTIN: ${customer.gst_number}`);
  expect(pdf).toMatch(new RegExp(`^${HSN}$`, 'm'));
  expect(pdf).toContain(`CGST\n₹${formatIndian(approved.cgst_amount)}\nSGST\n₹${formatIndian(approved.sgst_amount)}`);
  expect(pdf).toContain(`Grand total\n₹${formatIndian(approved.total_amount)}`);
  expect(pdf).toContain(rupeesInWords(approved.total_amount));

  // A part payment: the invoice is partly paid, and owes the rest.
  const sent = await apiGet<InvoiceView>(request, API.invoices.detail(invoiceId));
  await recordPayment(accounts, sent, PART, NEFT);
  const rest = toMoney(sub(approved.total_amount, PART));
  await accounts.goto(pathOf('invoice-detail', { id: invoiceId }));
  await expect(accounts.getByRole('main').getByText('Partially Paid', { exact: true }).first()).toBeVisible();
  await expect(fact(accounts, 'Outstanding')).toHaveText(`₹ ${formatIndian(rest)}`);
  expect(await customerOwes(accounts, request, customer.id)).toBe(toMoney(add(owedBefore, rest)));

  // The rest: the invoice is paid and owes nothing.
  const partlyPaid = await apiGet<InvoiceView>(request, API.invoices.detail(invoiceId));
  expect({ status: partlyPaid.status, outstanding: partlyPaid.outstanding_amount }).toEqual({ status: 'partially_paid', outstanding: rest });
  await recordPayment(accounts, partlyPaid, rest, REST_REFERENCE);
  await accounts.goto(pathOf('invoice-detail', { id: invoiceId }));
  await expect(accounts.getByRole('main').getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(fact(accounts, 'Outstanding')).toHaveText('₹ 0.00');
  const paid = await apiGet<InvoiceView>(request, API.invoices.detail(invoiceId));
  expect({ status: paid.status, outstanding: paid.outstanding_amount }).toEqual({ status: 'paid', outstanding: '0.00' });
  expect(await customerOwes(accounts, request, customer.id)).toBe(owedBefore);
});
