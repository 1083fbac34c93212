import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Wrap } from '@chakra-ui/react';
import type { Customer } from '../../../domain/customer';
import { addressesOf } from '../../../domain/customer';
import { businessToday } from '../../../domain/rules/dates';
import { can } from '../../../domain/permissions';
import { QUOTATION_DECISIONS, QUOTATION_STEPS, quotationReference, quotationSendSchema, type QuotationDecision, type QuotationView } from '../../../domain/quotation';
import { mayEdit } from '../../../domain/row-rules';
import { pathOf } from '../../../domain/routes';
import { SALES_ORDER_NOTICES } from '../../../domain/sales-order';
import { mirror } from '../../data/mirror/db';
import { useSession } from '../../data/session';
import { serverFailure } from '../../ui/connection';
import { openDialog } from '../../ui/dialog';
import { notify } from '../../ui/notify';
import { cancelQuotation, createSalesOrder, decideQuotation, quotationQuery, sendQuotation } from './api';
import { useQuotationScreens } from './routes';
import { quotationStatusLabel } from '../../ui/QuotationStatusBadge';

/** What the quotation actions tell the user; a failure carries the server's reason below. */
export const QUOTATION_NOTICES = {
  sent: (to: readonly string[]) => `Quotation sent to ${to.join(', ')}.`,
  sendFailed: 'Failed to send the quotation',
  decided: (status: QuotationDecision) => `Quotation marked ${quotationStatusLabel(status)}.`,
  decideFailed: 'Failed to update the quotation status',
  cancelled: 'Quotation cancelled.',
  cancelFailed: 'Failed to cancel the quotation',
} as const;

const DECISION_BUTTON: Readonly<Record<QuotationDecision, string>> = { accepted: 'Mark accepted', rejected: 'Mark rejected' };

/** The verdict of the send schema on the addresses typed: true, or its first message. */
function addressesVerdict(typed: string): string | true {
  const parsed = quotationSendSchema.safeParse({ email_addresses: addressesOf(typed) });
  return parsed.success || parsed.error.issues[0]!.message;
}

/**
 * What a user who may change this quotation (the permission and the quotation's row rule) can
 * do with it on the server: the steps QUOTATION_STEPS allows from its status (Send to customer,
 * Mark accepted, Mark rejected), edit it (not once accepted: the server refuses), cancel it, and
 * make a sales order of an accepted one.
 */
export function QuotationActions({ quotation }: { quotation: QuotationView }) {
  const { user } = useSession();
  const screens = useQuotationScreens();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const steps = QUOTATION_STEPS[quotation.status];
  const mayChange = !!user && can(user, 'quotations.write') && mayEdit('quotation', user, quotation);
  const mayOrder = quotation.status === 'accepted' && can(user, 'sales-orders.write');
  const reference = quotationReference(quotation);
  const changed = (view: QuotationView) => {
    queryClient.setQueryData(quotationQuery(quotation.id).queryKey, view);
    void queryClient.invalidateQueries({ queryKey: ['quotations', quotation.id] });
  };

  const send = async () => {
    const customer = await mirror.rowsOf<Customer>('customers').get(quotation.customer);
    const typed = await openDialog({
      title: `Send quotation ${reference}?`,
      message: 'The PDF is mailed to these addresses and the quotation is marked Sent.',
      okLabel: 'Send',
      prompt: { label: 'E-mail addresses', initial: customer?.email ?? '', validate: addressesVerdict },
    });
    if (typed === false) return;
    try {
      const to = addressesOf(typed);
      changed(await sendQuotation(quotation.id, to));
      notify({ type: 'positive', message: QUOTATION_NOTICES.sent(to) });
    } catch (error) {
      notify({ type: 'negative', message: QUOTATION_NOTICES.sendFailed, caption: serverFailure(error) });
    }
  };

  const decide = async (status: QuotationDecision) => {
    const ok = await openDialog({
      title: `${DECISION_BUTTON[status]}?`,
      message: `Quotation ${reference} goes from ${quotationStatusLabel(quotation.status)} to ${quotationStatusLabel(status)}.`,
      okLabel: quotationStatusLabel(status),
      type: status === 'rejected' ? 'negative' : 'info',
    });
    if (!ok) return;
    try {
      changed(await decideQuotation(quotation, status));
      notify({ type: 'positive', message: QUOTATION_NOTICES.decided(status) });
    } catch (error) {
      notify({ type: 'negative', message: QUOTATION_NOTICES.decideFailed, caption: serverFailure(error) });
    }
  };

  const cancel = async () => {
    const ok = await openDialog({ title: `Cancel quotation ${reference}?`, message: 'It moves to the cancelled quotations and can no longer be sent, changed or ordered.', okLabel: 'Cancel quotation', cancelLabel: 'Keep it', type: 'negative' });
    if (!ok) return;
    try {
      await cancelQuotation(quotation);
      void queryClient.invalidateQueries({ queryKey: ['quotations'] });
      notify({ type: 'positive', message: QUOTATION_NOTICES.cancelled });
      navigate(pathOf('quotations-cancelled'));
    } catch (error) {
      notify({ type: 'negative', message: QUOTATION_NOTICES.cancelFailed, caption: serverFailure(error) });
    }
  };

  const order = async () => {
    const po = await openDialog({
      title: `Create a sales order from quotation ${reference}?`,
      message: "The order takes the quotation's customer, branch and items, dated today.",
      okLabel: 'Create sales order',
      prompt: { label: "Customer's PO number (optional)", validate: (value) => (value.length <= 100 ? true : 'Ensure this field has no more than 100 characters.') },
    });
    if (po === false) return;
    try {
      const created = await createSalesOrder(quotation.id, businessToday(), po.trim());
      void queryClient.invalidateQueries({ queryKey: ['sales-orders', 'list'] });
      notify({ type: 'positive', message: SALES_ORDER_NOTICES.createdFromQuotation });
      navigate(pathOf(screens.salesOrder, { id: created.id }));
    } catch (error) {
      notify({ type: 'negative', message: SALES_ORDER_NOTICES.createFromQuotationFailed, caption: serverFailure(error) });
    }
  };

  if (!mayChange && !mayOrder) return null;
  return (
    <Wrap gap="3" role="group" aria-label="Quotation actions">
      {mayOrder && (
        <Button size="lg" minH="11" colorPalette="teal" onClick={() => void order()}>
          Create sales order
        </Button>
      )}
      {mayChange && steps.includes('sent') && (
        <Button size="lg" minH="11" colorPalette="teal" onClick={() => void send()}>
          {quotation.status === 'draft' ? 'Send to customer' : 'Send again'}
        </Button>
      )}
      {mayChange &&
        QUOTATION_DECISIONS.filter((status) => steps.includes(status)).map((status) => (
          <Button key={status} size="lg" minH="11" variant="outline" colorPalette={status === 'rejected' ? 'red' : 'green'} onClick={() => void decide(status)}>
            {DECISION_BUTTON[status]}
          </Button>
        ))}
      {mayChange && quotation.status !== 'accepted' && (
        <Button size="lg" minH="11" variant="outline" onClick={() => navigate(pathOf(screens.update, { id: quotation.id }))}>
          Edit
        </Button>
      )}
      {mayChange && (
        <Button size="lg" minH="11" variant="outline" colorPalette="red" onClick={() => void cancel()}>
          Cancel quotation
        </Button>
      )}
    </Wrap>
  );
}
