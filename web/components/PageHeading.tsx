import { Title } from '@mantine/core';
import { useEffect } from 'react';

/** A page's main heading, which also names the browser tab. */
export function PageHeading({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} · xAPI Profile Server`;
  }, [children]);
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
