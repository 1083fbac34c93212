import { describe, expect, it } from 'vitest';
import { graReceivingRefusal, lpoStatusAfterReceipts, stillReceivable } from '../../domain/gra';

describe('graReceivingRefusal', () => {
  it('lets goods be received against an LPO approved, sent or partially received', () => {
    expect(['approved', 'sent', 'partially_received'].map(graReceivingRefusal)).toEqual([null, null, null]);
  });

  it('refuses the others with a sentence saying why', () => {
    expect(graReceivingRefusal('received')).toBe('This LPO has been received in full: no more goods can be received against it.');
    expect(graReceivingRefusal('closed')).toBe('This LPO is closed: no more goods can be received against it.');
    expect(graReceivingRefusal('cancelled')).toBe('This LPO is cancelled: goods cannot be received against it.');
    expect(graReceivingRefusal('draft')).toBe('This LPO is still a draft: goods can be received only once it is issued.');
    expect(graReceivingRefusal('on_hold')).toBe('Goods cannot be received against an LPO that is on hold.');
  });
});

describe('lpoStatusAfterReceipts', () => {
  const line = (quantity: string, quantity_received: string) => ({ quantity, quantity_received });
  const approved = { sent_at: null };
  const sent = { sent_at: '2026-11-20T09:30:00.000Z' };

  it('is received when every line has come in full (or beyond, within the tolerance)', () => {
    expect(lpoStatusAfterReceipts([line('20.000', '20.000'), line('60.000', '61.000')], sent)).toBe('received');
  });

  it('is partially received when some goods are in but not all', () => {
    expect(lpoStatusAfterReceipts([line('20.000', '20.000'), line('60.000', '0.000')], approved)).toBe('partially_received');
    expect(lpoStatusAfterReceipts([line('20.000', '0.001')], sent)).toBe('partially_received');
  });

  it('is the status it was issued in when nothing is in, or the LPO has no lines: sent once mailed, else approved', () => {
    expect(lpoStatusAfterReceipts([line('20.000', '0.000'), line('60.000', '0.000')], approved)).toBe('approved');
    expect(lpoStatusAfterReceipts([line('20.000', '0.000')], sent)).toBe('sent');
    expect(lpoStatusAfterReceipts([], sent)).toBe('sent');
  });
});

describe('stillReceivable', () => {
  it('is what was ordered less what was accepted, plus the tolerance percent of the order, never below zero', () => {
    expect(stillReceivable('20.000', '15.000', '0.00')).toBe('5');
    expect(stillReceivable('20.000', '0.000', '5.00')).toBe('21');
    expect(stillReceivable('3.000', '0.000', '10.00')).toBe('3.3');
    expect(stillReceivable('20.000', '21.000', '0.00')).toBe('0');
  });
});
