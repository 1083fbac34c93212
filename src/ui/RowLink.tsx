import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link, type LinkProps } from '@chakra-ui/react';

/** A link to a record's screen from a list or table row, as tall as a finger needs on a tablet. */
export function RowLink({ to, children, ...style }: { to: string; children: ReactNode } & Omit<LinkProps, 'asChild' | 'children'>) {
  return (
    <Link asChild colorPalette="teal" minH="11" display="inline-flex" alignItems="center" {...style}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
