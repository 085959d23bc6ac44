import { Alert, Container, Fieldset, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { HttpError } from '../../api/http';
import { PageHeading } from '../../components/PageHeading';

/** The narrow, centred column every sign-in and account form sits in. */
export function AccountCard({
  title,
  intro,
  children,
  footer,
  size = 460,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: number;
}) {
  return (
    <Container size={size} px={0} py="md">
      <PageHeading>{title}</PageHeading>
      {intro !== undefined && (
        <Text c="dimmed" mb="md">
          {intro}
        </Text>
      )}
      <Paper withBorder shadow="sm" p="xl" radius="md">
        {children}
      </Paper>
      {footer !== undefined && (
        <Stack gap={6} mt="md" align="center">
          {footer}
        </Stack>
      )}
    </Container>
  );
}

/**
 * A form's fields and buttons; all of them are disabled while its request is in flight, so
 * nothing is sent twice.
 */
export function FormFields({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Fieldset variant="unstyled" disabled={busy} p={0} m={0}>
      <Stack gap="md">{children}</Stack>
    </Fieldset>
  );
}

/** The sentence a person reads for a failed call: the server's message when it gave one. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  return 'Something went wrong. Please try again.';
}

/** The stable code the server attached to a refusal, if any. */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || !error.body || typeof error.body !== 'object') return;
  const { code } = error.body as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}

/** A failure shown under the form it belongs to, titled with the step that failed. */
export function FormFeedback({
  kind,
  error,
  children,
}: {
  kind: string;
  error: unknown;
  children?: ReactNode;
}) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" title={`${kind} Error`} role="alert">
      <Stack gap={6}>
        <Text size="sm">{errorMessage(error)}</Text>
        {children}
      </Stack>
    </Alert>
  );
}
