import { stockAdjustmentSchema, stockTransactionSchema } from '../../../domain/stock';
import { stockAdjustments, stockTransactions } from '../schema';
import { entity } from './types';

export default {
  stock_transactions: entity(stockTransactions, stockTransactionSchema),
  stock_adjustments: entity(stockAdjustments, stockAdjustmentSchema),
};
