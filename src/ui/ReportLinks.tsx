import { Link as RouterLink } from 'react-router-dom';
import { Card, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { pathOf, routeByName, type RouteName } from '../../domain/routes';

/** One report of a reports area: the screen it opens and what it shows. */
export interface ReportLink {
  route: RouteName;
  note: string;
}

/** A reports area's home: a card a report, its title linking to the report, with what it shows. */
export function ReportLinks({ title, reports }: { title: string; reports: readonly ReportLink[] }) {
  return (
    <Stack gap="4">
      <Heading size="xl">{title}</Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {reports.map(({ route, note }) => (
          <Card.Root key={route}>
            <Card.Body gap="2">
              <Link asChild colorPalette="teal" fontWeight="semibold" fontSize="lg">
                <RouterLink to={pathOf(route)}>{routeByName(route).title}</RouterLink>
              </Link>
              <Text color="fg.muted">{note}</Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
