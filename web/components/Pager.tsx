import { Button, Group, Text } from '@mantine/core';

/** The page numbers to offer: the first, the last, and the two around the current one. */
export function pageItems(page: number, pageCount: number): Array<number | 'gap'> {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const items: Array<number | 'gap'> = [];
  pages.forEach((p, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && p - previous > 1) items.push('gap');
    items.push(p);
  });
  return items;
}

/**
 * Previous, the numbered pages and Next; nothing when everything fits on one page. `items` chooses
 * which page numbers to offer (by default the first, the last and the two around the current one).
 */
export function Pager({
  page,
  pageCount,
  onChange,
  items = pageItems,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  items?: (page: number, pageCount: number) => Array<number | 'gap'>;
}) {
  if (pageCount <= 1) return null;
  return (
    <Group component="nav" aria-label="Pagination" gap={4} justify="center">
      <Button
        variant="default"
        size="compact-sm"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        Previous
      </Button>
      {items(page, pageCount).map((item, index) =>
        item === 'gap' ? (
          <Text key={`gap-${index}`} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={item}
            variant={item === page ? 'filled' : 'default'}
            size="compact-sm"
            miw={32}
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onChange(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button
        variant="default"
        size="compact-sm"
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
