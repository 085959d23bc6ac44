import { Box, Container } from '@mantine/core';
import { Outlet, ScrollRestoration } from 'react-router';
import { ErrorList, LoadingOverlay, SuccessAlert } from './Feedback';
import { Footer } from './Footer';
import { Header } from './Header';

/** The page shell every screen sits in. */
export function Layout() {
  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }}>
      <Header />
      <LoadingOverlay />
      <SuccessAlert />
      <Container component="main" size="xl" py="lg" w="100%" style={{ flex: 1 }}>
        <ErrorList />
        <Outlet />
      </Container>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
