import { Badge, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ModuleStatistics } from '../../../domain/admin';
import type { ModuleDetail, ModuleName } from '../../../domain/modules';
import { formatCount } from '../../../domain/rules/numbers';
import { routeByName, type RouteName } from '../../../domain/routes';
import { readFailure, serverFailure } from '../../ui/connection';
import { Failure } from '../../ui/detail';
import { openDialog } from '../../ui/dialog-store';
import { notify } from '../../ui/notify';
import { ServerSwitch } from '../../ui/ServerSwitch';
import { formatWhen } from '../../ui/when';
import { useModuleDetails, useModuleStatistics, useSwitchModule } from './api';

export const MODULE_SWITCH_FAILED = 'Failed to switch the module';

/** The screens a module's switch hides, by their titles (a list and its detail share a title once). */
const screensOf = (module: ModuleDetail) => [...new Set(module.routes.map((name) => routeByName(name as RouteName).title))];

/** What a module holds: its rows and when one last changed (nothing while the statistics are not in). */
function usage(statistics: ModuleStatistics | undefined): string | null {
  if (!statistics) return null;
  if (statistics.rowCount === null) return 'No table of its own.';
  const rows = `${formatCount(statistics.rowCount)} ${statistics.rowCount === 1 ? 'row' : 'rows'}`;
  return statistics.lastActivity ? `${rows}, last changed ${formatWhen(statistics.lastActivity)}` : rows;
}

function ModuleCard({ module, statistics }: { module: ModuleDetail; statistics: ModuleStatistics | undefined }) {
  const switchModule = useSwitchModule();
  const screens = screensOf(module);
  const held = usage(statistics);
  const change = async (enabled: boolean) => {
    if (!enabled) {
      const sure = await openDialog({
        title: `Switch ${module.name} off`,
        message: `Its screens and menus vanish for everyone and the server refuses its calls. Devices keep their unsent ${module.name} work and send it once the module is on again.`,
        type: 'warning',
        okLabel: 'Switch off',
      });
      if (!sure) return;
    }
    try {
      await switchModule.mutateAsync({ name: module.name, enabled });
      notify({ type: 'positive', message: `${module.name} is ${enabled ? 'on' : 'off'}.` });
    } catch (error) {
      notify({ type: 'negative', message: MODULE_SWITCH_FAILED, caption: serverFailure(error) });
    }
  };
  return (
    <Card.Root data-testid={`module-${module.name}`}>
      <Card.Body>
        <Stack gap="2">
          <Flex align="center" gap="3" wrap="wrap">
            <Heading size="md" flex="1" textTransform="capitalize">
              {module.name}
            </Heading>
            <Badge colorPalette={module.is_enabled ? 'green' : 'gray'} data-testid="module-state">{module.is_enabled ? 'On' : 'Off'}</Badge>
            <ServerSwitch checked={module.is_enabled} label={`${module.name} on`} disabled={switchModule.isPending} onPress={change} />
          </Flex>
          {held && (
            <Text fontSize="sm" data-testid="module-usage">
              {held}
            </Text>
          )}
          <Text fontSize="sm">{screens.length > 0 ? `Screens: ${screens.join(', ')}` : 'No screens of its own: its switch turns its API calls off.'}</Text>
          <Text fontSize="sm" color="fg.muted">
            {module.updated_at ? `Changed by ${module.updated_by ?? 'someone since removed'} on ${formatWhen(module.updated_at)}` : 'Never changed: on since the start.'}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * module-management (/superuser/modules): every module of product-frame.md §3 with its switch, the
 * screens it hides, who changed it last, and its rows and last activity.
 */
export default function ModuleManagementScreen() {
  const modules = useModuleDetails();
  const statistics = useModuleStatistics();
  const failure = readFailure(modules);
  const statisticsOf = new Map<ModuleName, ModuleStatistics>(statistics.data?.map((s) => [s.name, s]));
  return (
    <Stack gap="4">
      <Heading size="xl">Module management</Heading>
      {failure && <Failure text={failure} />}
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
        {modules.data?.map((module) => (
          <ModuleCard key={module.name} module={module} statistics={statisticsOf.get(module.name)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
