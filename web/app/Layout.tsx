import { Box, Container } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useSessionWatch } from '../api/session';
import { ErrorList, LoadingOverlay, SuccessAlert } from './Feedback';
import { useScreenArriving } from '../lib/lazy-page';
import { Footer } from './Footer';
import { Header } from './Header';

/** The page shell every screen sits in. */
export function Layout() {
  useSessionWatch();
  const arriving = useScreenArriving();
  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }}>
      <Header />
      <LoadingOverlay />
      <SuccessAlert />
      <Container
        component="main"
        size="xl"
        py="lg"
        w="100%"
        style={{ flex: 1 }}
        // While the next screen's code arrives the previous one stays, out of reach: what was
        // typed into it would be dropped with it.
        inert={arriving}
        aria-busy={arriving || undefined}
      >
        <ErrorList />
        {/* A screen fetched on first use: the previous one stays until it is here. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
