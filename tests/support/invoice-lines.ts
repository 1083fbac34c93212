/**
 * The invoice lines the accounts tests work out by hand: 3 × 1,234.56 = 3,703.68 less 203.68 =
 * 3,500.00 at 18 %, and 7 × 13.33 = 93.31 at 5 %. Inside the state: CGST and SGST 317.33 each,
 * 4,227.97 rounded up by 0.03 to 4,228.00.
 */
export const MIXED_GST_LINES = [
  { description: 'Acrylic display stand', hsn_code: '3926', unit: 'PCS', quantity: '3', unit_price: '1234.56', discount: '203.68', tax_rate: '18' },
  { description: 'Printed gift bag', hsn_code: '4819', quantity: '7', unit_price: '13.33', tax_rate: '5' },
] as const;
