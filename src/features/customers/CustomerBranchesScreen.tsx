import { can } from '../../../domain/permissions';
import { useSession } from '../../data/session';
import { BranchesSection } from './BranchesSection';
import { CustomerPart } from './CustomerPart';

/** customer-branches-home: one customer's branches, active or not, added and edited here as on its detail. */
export default function CustomerBranchesScreen() {
  const { user } = useSession();
  return <CustomerPart title="Branches">{({ customer, branches }) => <BranchesSection customer={customer.id} branches={branches} editable={can(user, 'customers.write')} />}</CustomerPart>;
}
