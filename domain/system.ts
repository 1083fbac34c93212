import { z } from 'zod';

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
