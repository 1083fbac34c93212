import { Badge, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ModuleDetail } from '../../../domain/modules';
import { routeByName, type RouteName } from '../../../domain/routes';
import { readFailure, serverFailure } from '../../ui/connection';
import { Failure } from '../../ui/detail';
import { openDialog } from '../../ui/dialog-store';
import { notify } from '../../ui/notify';
import { ServerSwitch } from '../../ui/ServerSwitch';
import { formatWhen } from '../../ui/when';
import { useModuleDetails, useSwitchModule } from './api';

export const MODULE_SWITCH_FAILED = 'Failed to switch the module';

/** The screens a module's switch hides, by their titles (a list and its detail share a title once). */
const screensOf = (module: ModuleDetail) => [...new Set(module.routes.map((name) => routeByName(name as RouteName).title))];

function ModuleCard({ module }: { module: ModuleDetail }) {
  const switchModule = useSwitchModule();
  const screens = screensOf(module);
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
          <Text fontSize="sm">{screens.length > 0 ? `Screens: ${screens.join(', ')}` : 'No screens of its own: its switch turns its API calls off.'}</Text>
          <Text fontSize="sm" color="fg.muted">
            {module.updated_at ? `Changed by ${module.updated_by ?? 'someone since removed'} on ${formatWhen(module.updated_at)}` : 'Never changed: on since the start.'}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** module-management (/superuser/modules): every module of product-frame.md §3 with its switch, the screens it hides and who changed it last. */
export default function ModuleManagementScreen() {
  const modules = useModuleDetails();
  const failure = readFailure(modules);
  return (
    <Stack gap="4">
      <Heading size="xl">Module management</Heading>
      {failure && <Failure text={failure} />}
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
        {modules.data?.map((module) => (
          <ModuleCard key={module.name} module={module} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
