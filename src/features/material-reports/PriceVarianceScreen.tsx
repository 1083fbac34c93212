import { useNavigate } from 'react-router-dom';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { pathOf } from '../../../domain/routes';
import { MaterialPicker } from '../../ui/MaterialPicker';
import { REPORTS } from './reports';

const NONE: ReadonlySet<number> = new Set();

/** Price variance without a material in the address: pick one (by name or its QR label), then its report opens. */
export default function PriceVarianceScreen() {
  const navigate = useNavigate();
  return (
    <Stack gap="4">
      <Heading size="xl">Price variance</Heading>
      <Text color="fg.muted">{REPORTS['material-price-variance']!.note}</Text>
      <MaterialPicker label="Which material?" exclude={NONE} onPick={(m) => navigate(pathOf('material-price-variance', { id: m.id }))} />
    </Stack>
  );
}
