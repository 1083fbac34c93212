import { Text } from '@chakra-ui/react';
import { can } from '../../../domain/permissions';
import { useSession } from '../../data/session';
import { CustomerPart } from './CustomerPart';
import { LpoCodesSection } from './LpoCodesSection';

/** customer-lpocodes-home: one customer's LPO codes, added and edited here as on its detail; none for a customer that does not use them. */
export default function CustomerLpoCodesScreen() {
  const { user } = useSession();
  return (
    <CustomerPart title="LPO codes">
      {({ customer, lpoCodes }) =>
        customer.enable_lpo_codes ? (
          <LpoCodesSection customer={customer.id} codes={lpoCodes} editable={can(user, 'customers.write')} />
        ) : (
          <Text color="fg.muted">This customer does not use LPO codes. Switch them on with Edit customer.</Text>
        )
      }
    </CustomerPart>
  );
}
