import { Alert, List } from '@mantine/core';
import { HttpError } from '../../../api/http';
import { ErrorAlert } from '../../../components/parts';

/** The list of problems a refused save carries (`errors`, e.g. a cycle), if it has one. */
function problemsOf(error: unknown): string[] {
  if (!(error instanceof HttpError)) return [];
  const body = error.body as { errors?: unknown } | null | undefined;
  const errors = body?.errors;
  return Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string') : [];
}

/** A save the server refused: every problem it named, else its message. */
export function RefusalAlert({ error, title }: { error: unknown; title: string }) {
  const problems = problemsOf(error);
  if (problems.length <= 1) return <ErrorAlert error={error} title={title} />;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <List size="sm" spacing={4}>
        {problems.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
