import { Alert, Button, Container } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { feedback } from '../lib/feedback-store';
import { homePath } from '../lib/paths';

/** A page that failed to render reports to the error list and offers a way out. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'The page could not be shown.';
  useEffect(() => {
    feedback.reportError({ errorType: 'Render', type: 'render', message });
  }, [message]);
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title="This page could not be shown">
        {message}
        <Button mt="md" variant="light" onClick={() => window.location.assign(homePath())}>
          Go to the home page
        </Button>
      </Alert>
    </Container>
  );
}
