import type { Layout } from '../../domain/routes';

/** The department layouts: a title and an accent colour each; one shell renders them all. */
export const LAYOUT_THEMES: Record<Layout, { title: string; palette: string }> = {
  main: { title: '', palette: 'blue' },
  container: { title: '', palette: 'blue' },
  sales: { title: 'Sales', palette: 'teal' },
  production: { title: 'Production', palette: 'orange' },
  metal: { title: 'Metal workshop', palette: 'gray' },
  stores: { title: 'Stores & purchase', palette: 'cyan' },
  warehouse: { title: 'Packing & dispatch', palette: 'yellow' },
  acrylic: { title: 'Acrylic & trays', palette: 'pink' },
  accounts: { title: 'Accounts', palette: 'green' },
  design: { title: 'Design & estimation', palette: 'purple' },
  reports: { title: 'Reports', palette: 'blue' },
  superuser: { title: 'Superuser', palette: 'red' },
};
