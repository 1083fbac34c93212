import { messageSchema } from '../../../domain/message';
import { systemAlertSchema } from '../../../domain/system-alert';
import { messages, systemAlerts } from '../schema';
import { entity } from './types';

export default {
  messages: entity(messages, messageSchema),
  system_alerts: entity(systemAlerts, systemAlertSchema),
};
