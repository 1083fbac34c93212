import { z } from 'zod';
import { compare } from './decimal';
import { decimalInput, decimalSchema } from './entity';

/** System configuration of product-frame.md §3 with the defaults of §9. */
export const systemConfigSchema = z.object({
  maintenanceMode: z.boolean(),
  allowNewRegistrations: z.boolean(),
  sessionTimeout: z.number().int().min(60).max(30 * 24 * 3600),
  maxConcurrentSessions: z.number().int().min(1).max(100),
});
export type SystemConfig = z.infer<typeof systemConfigSchema>;

export const SYSTEM_CONFIG_DEFAULTS: SystemConfig = {
  maintenanceMode: false,
  allowNewRegistrations: true,
  sessionTimeout: 3600,
  maxConcurrentSessions: 5,
};

export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/**
 * Stock settings a superuser sets (GET/PUT /stocks/settings/), stored with the system
 * configuration: whether stores may issue more than is free (on hand less what is reserved for
 * other requisitions; off by default: the ledger refuses with a 409 instead), how many days
 * back a stock transaction may be dated without a stores manager, and how far past an LPO line's
 * ordered quantity a GRA may accept, in percent (0 by default: never more than ordered).
 */
export const stockSettingsSchema = z.object({
  allow_negative_stock: z.boolean(),
  stock_backdate_days: z.number().int().min(0).max(365),
  gra_over_receipt_tolerance_percent: z.string(),
});
export type StockSettings = z.infer<typeof stockSettingsSchema>;
export const STOCK_SETTINGS_DEFAULTS: StockSettings = { allow_negative_stock: false, stock_backdate_days: 3, gra_over_receipt_tolerance_percent: '0.00' };
/** PUT /stocks/settings/: the settings sent change; those left out stay as they are. */
export const stockSettingsUpdateSchema = stockSettingsSchema
  .extend({ gra_over_receipt_tolerance_percent: decimalInput({ digits: 5, scale: 2, min: 0 }).refine((v) => compare(v, '100') <= 0, 'Ensure this value is less than or equal to 100.') })
  .partial();
export type StockSettingsUpdate = z.output<typeof stockSettingsUpdateSchema>;

/**
 * Purchase settings a superuser sets (GET/PUT lpo/settings/), stored with the system
 * configuration like the stock settings: the LPO total above which a purchase manager other than
 * the LPO's author must approve it (at or below it any purchase user may, the author too).
 */
export const purchaseSettingsSchema = z.object({
  lpo_approval_threshold: decimalSchema,
});
export type PurchaseSettings = z.infer<typeof purchaseSettingsSchema>;
export const PURCHASE_SETTINGS_DEFAULTS: PurchaseSettings = { lpo_approval_threshold: '50000.00' };
/** PUT lpo/settings/: the settings sent change; those left out stay as they are. */
export const purchaseSettingsUpdateSchema = z.object({ lpo_approval_threshold: decimalInput({ min: 0 }).optional() });
export type PurchaseSettingsUpdate = z.infer<typeof purchaseSettingsUpdateSchema>;
