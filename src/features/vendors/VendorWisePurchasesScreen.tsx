import { ServerReport } from '../../ui/ServerReport';
import { VENDOR_WISE } from './reports';

/** vendor-wise-purchases (/purchases/vendor-wise): every vendor's orders and receipts in a period, the last 90 days unless chosen. */
export default function VendorWisePurchasesScreen() {
  return <ServerReport title="Vendor-wise purchases" report={VENDOR_WISE} />;
}
