import { API } from '../../../domain/api-paths';
import { consolidatedPurchasesQuerySchema } from '../../../domain/lpo';
import { MATERIAL_UNITS } from '../../../domain/material';
import { figure, linkColumn, numberColumn, optionColumn, ServerReport, textColumn, type ReportDef } from '../../ui/ServerReport';

/** lpo-consolidated: what was ordered of each material in a period, across every vendor. */
const CONSOLIDATED: ReportDef = {
  path: API.lpos.consolidated,
  note: 'What the live LPOs dated in the period ordered of each material, what has come and what is still to come (a closed-short LPO’s rest will not come): the last 30 days unless you pick a period.',
  columns: [
    linkColumn('material_name', 'Material', 'material-detail', 'material'),
    optionColumn('material_unit', 'Unit', MATERIAL_UNITS),
    textColumn('lpo_count', 'LPOs'),
    numberColumn('ordered', 'Ordered'),
    numberColumn('received', 'Received'),
    numberColumn('pending', 'Still to come'),
    numberColumn('average_rate', 'Average rate (₹)'),
    numberColumn('value', 'Value (₹)'),
  ],
  figures: [figure('value', 'Ordered in all (₹)')],
  filter: { fields: [{ kind: 'period', from: 'start_date', to: 'end_date', lastDays: 30 }], query: consolidatedPurchasesQuerySchema },
  unpaged: true,
  rowKey: ['material'],
  emptyNotice: 'Nothing was ordered in this period.',
};

/** The consolidated purchase report (/lpo/consolidated), by material. */
export default function LpoConsolidatedScreen() {
  return <ServerReport title="Consolidated purchases" report={CONSOLIDATED} />;
}
