import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { HttpError } from '../api/http';
import { routes } from './routes';
import { cssVariablesResolver, theme } from '../lib/theme';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again.
        retry: (failures, error) =>
          !(error instanceof HttpError && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

const router = createBrowserRouter(routes);

export function App() {
  const [queryClient] = useState(makeQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
