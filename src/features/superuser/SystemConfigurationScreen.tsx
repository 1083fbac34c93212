import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Heading, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { z } from 'zod';
import { offlineSettingsSchema } from '../../../domain/offline';
import { systemConfigSchema } from '../../../domain/system';
import { readFailure } from '../../ui/connection';
import { Failure } from '../../ui/detail';
import { openDialog } from '../../ui/dialog-store';
import { FormStack, TextField } from '../../ui/form';
import { notify } from '../../ui/notify';
import { applyServerErrors } from '../../ui/server-errors';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { useSaveSystemSettings, useSystemSettings, type SystemSettings } from './api';

/** The spec's words when the save fails (product-frame.md §8). */
export const CONFIG_SAVE_FAILED = 'Failed to update system configuration';

const MINUTE = 60;
const timeout = systemConfigSchema.shape.sessionTimeout;

/** A whole number typed in a box, then held to the setting's own bounds (domain/system.ts, domain/offline.ts). */
const wholeNumber = <T extends z.core.$ZodType<number, number>>(bounds: T) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'Enter a whole number.')
    .transform(Number)
    .pipe(bounds);

/** The session timeout is typed in minutes (decision 410); the API keeps seconds. */
const configFormSchema = z.object({
  maintenanceMode: z.boolean(),
  allowNewRegistrations: z.boolean(),
  sessionTimeoutMinutes: wholeNumber(
    z
      .number()
      .min((timeout.minValue ?? MINUTE) / MINUTE)
      .max((timeout.maxValue ?? Infinity) / MINUTE),
  ),
  maxConcurrentSessions: wholeNumber(systemConfigSchema.shape.maxConcurrentSessions),
  offline_work_days: wholeNumber(offlineSettingsSchema.shape.offline_work_days),
});
type ConfigForm = z.input<typeof configFormSchema>;
type ConfigValues = z.output<typeof configFormSchema>;

const FIELDS = ['maintenanceMode', 'allowNewRegistrations', 'sessionTimeoutMinutes', 'maxConcurrentSessions', 'offline_work_days'] as const;
/** The API's field for each box of the form, where the two differ. */
const formFieldOf = (sent: string) => (sent === 'sessionTimeout' ? 'sessionTimeoutMinutes' : sent);

const toForm = ({ config, offline }: SystemSettings): ConfigForm => ({
  maintenanceMode: config.maintenanceMode,
  allowNewRegistrations: config.allowNewRegistrations,
  // A timeout set through the API in seconds that are not whole minutes shows rounded up.
  sessionTimeoutMinutes: String(Math.ceil(config.sessionTimeout / MINUTE)),
  maxConcurrentSessions: String(config.maxConcurrentSessions),
  offline_work_days: String(offline.offline_work_days),
});

const toSettings = (values: ConfigValues): SystemSettings => ({
  config: {
    maintenanceMode: values.maintenanceMode,
    allowNewRegistrations: values.allowNewRegistrations,
    sessionTimeout: values.sessionTimeoutMinutes * MINUTE,
    maxConcurrentSessions: values.maxConcurrentSessions,
  },
  offline: { offline_work_days: values.offline_work_days },
});

function SettingSwitch({ control, name, label, help }: { control: Control<ConfigForm, unknown, ConfigValues>; name: 'maintenanceMode' | 'allowNewRegistrations'; label: string; help: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Stack gap="1">
          <Switch.Root size="lg" minH="11" checked={field.value} onCheckedChange={(e) => field.onChange(e.checked)}>
            <Switch.HiddenInput onBlur={field.onBlur} />
            <Switch.Control />
            <Switch.Label>{label}</Switch.Label>
          </Switch.Root>
          <Text color="fg.muted" fontSize="sm">
            {help}
          </Text>
        </Stack>
      )}
    />
  );
}

function ConfigurationForm({ saved }: { saved: SystemSettings }) {
  const save = useSaveSystemSettings();
  const { control, register, handleSubmit, setError, reset, formState } = useForm<ConfigForm, unknown, ConfigValues>({
    resolver: zodResolver(configFormSchema),
    defaultValues: toForm(saved),
  });
  useUnsavedChanges(formState.isDirty);
  const { errors } = formState;
  const maintenance = useWatch({ control, name: 'maintenanceMode' });

  const onSubmit = handleSubmit(async (values) => {
    const settings = toSettings(values);
    if (settings.config.maintenanceMode && !saved.config.maintenanceMode) {
      const sure = await openDialog({
        title: 'Turn maintenance mode on',
        message: 'Everyone but superusers is refused by the server until it is turned off. Their devices keep their unsent work and send it afterwards.',
        type: 'warning',
        okLabel: 'Turn on',
      });
      if (!sure) return;
    }
    try {
      await save.mutateAsync({ settings, before: saved });
      reset(toForm(settings));
      notify({ type: 'positive', message: 'System configuration saved.' });
    } catch (error) {
      // Field messages go to their boxes; the notice says what failed and any other reason.
      const why = applyServerErrors(error, setError, FIELDS, formFieldOf);
      notify({ type: 'negative', message: CONFIG_SAVE_FAILED, caption: why ?? undefined });
    }
  });

  return (
    <FormStack onSubmit={onSubmit} maxW="3xl" aria-label="System configuration">
      {maintenance && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>Maintenance mode: everyone but superusers is refused until it is turned off.</Alert.Title>
        </Alert.Root>
      )}
      <SettingSwitch control={control} name="maintenanceMode" label="Maintenance mode" help="Only superusers may work; everyone else sees the maintenance screen, and their unsent work waits on their device." />
      <SettingSwitch control={control} name="allowNewRegistrations" label="Allow new registrations" help="When off, nobody may request an account; superusers still create them." />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <TextField label="Session timeout (minutes)" size="lg" inputMode="numeric" required helper="A device idle this long must sign in again." registration={register('sessionTimeoutMinutes')} error={errors.sessionTimeoutMinutes} />
        <TextField label="Sessions per user" size="lg" inputMode="numeric" required helper="A sign-in beyond it ends the user's oldest session." registration={register('maxConcurrentSessions')} error={errors.maxConcurrentSessions} />
        <TextField label="Offline work days" size="lg" inputMode="numeric" required helper="How long a device may work without reaching the server." registration={register('offline_work_days')} error={errors.offline_work_days} />
      </SimpleGrid>
      <Button type="submit" size="lg" minH="14" px="8" alignSelf="flex-start" loading={formState.isSubmitting}>
        Save configuration
      </Button>
    </FormStack>
  );
}

/** system-configuration (/superuser/config): the system configuration of product-frame.md §3 and the offline period. */
export default function SystemConfigurationScreen() {
  const settings = useSystemSettings();
  const failure = readFailure(settings);
  return (
    <Stack gap="4">
      <Heading size="xl">System configuration</Heading>
      {failure && <Failure text={failure} />}
      {/* Keyed by what the server holds, so a save read back starts the form from it. */}
      {settings.data && <ConfigurationForm key={JSON.stringify(settings.data)} saved={settings.data} />}
    </Stack>
  );
}
