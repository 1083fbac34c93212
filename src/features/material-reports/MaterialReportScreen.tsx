import { useNavigate } from 'react-router-dom';
import { Button } from '@chakra-ui/react';
import { can } from '../../../domain/permissions';
import { pathOf } from '../../../domain/routes';
import { useSession } from '../../data/session';
import { useCurrentRoute } from '../../ui/route';
import { ServerReport } from '../../ui/ServerReport';
import { REPORTS } from './reports';

/** The reorder report's way to order what it lists: New LPO with its proposals, for those who raise LPOs. */
function RaiseLpos() {
  const { user } = useSession();
  const navigate = useNavigate();
  if (!can(user, 'lpos.write')) return null;
  return (
    <Button size="lg" minH="11" onClick={() => navigate(`${pathOf('lpo-create')}?from=reorder`)}>
      Raise LPOs
    </Button>
  );
}

/** One of the material reports, by the route it is shown under. */
export default function MaterialReportScreen() {
  const route = useCurrentRoute();
  const name = route?.name ?? 'material-reorder';
  return <ServerReport title={route?.title ?? 'Material report'} report={REPORTS[name] ?? REPORTS['material-reorder']!} actions={name === 'material-reorder' && <RaiseLpos />} />;
}
