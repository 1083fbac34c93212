import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * How every table of the app folds onto a tablet, given to its `css`: below lg (a tablet held
 * upright) each row becomes a card, each cell a line led by its column's name (the cell's
 * `data-label`), so no column and no action button falls off the screen; the sortable headers
 * stay above the cards as buttons. Cells of a column marked `data-secondary` show only from xl
 * up (a desktop): a tablet either way up keeps the columns that tell rows apart.
 */
export const FOLDING_TABLE: SystemStyleObject = {
  '& [data-secondary]': { xlDown: { display: 'none' } },
  lgDown: {
    '&, & tbody, & thead': { display: 'block' },
    // Two or three lines side by side where the card is wide enough, so a card stays short.
    '& tbody tr': { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))', columnGap: '6', borderWidth: '1px', rounded: 'md', p: '2', mb: '2' },
    '& thead tr': { display: 'flex', flexWrap: 'wrap', gap: '2', mb: '2' },
    '& thead th': { borderWidth: '1px', rounded: 'md' },
    '& thead th:not([data-sortable])': { display: 'none' },
    '& tbody td': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2', textAlign: 'end', borderBottomWidth: '0', py: '1' },
    // Shown, not read out: a screen reader already names the cell's column.
    '& tbody td[data-label]::before': { content: 'attr(data-label) / ""', color: 'fg.muted', textAlign: 'start' },
  },
};
