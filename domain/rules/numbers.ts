const COUNT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A count of things with Indian digit grouping: 100000 -> '1,00,000'. Money and quantities are shown by domain/decimal.ts. */
export const formatCount = (count: number): string => COUNT.format(count);
