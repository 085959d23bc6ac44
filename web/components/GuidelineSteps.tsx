import { Badge, Card, Group, SimpleGrid, Text, Title, type TitleOrder } from '@mantine/core';
import { GUIDELINE_STEPS } from './guideline-steps';

interface GuidelineStepsProps {
  /** Heading level of each step title, so it fits under the surrounding heading. */
  headingOrder?: TitleOrder;
}

/** The four recommended steps for building an xAPI Profile, as a responsive grid of cards. */
export function GuidelineSteps({ headingOrder = 3 }: GuidelineStepsProps) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 4 }}
      spacing="md"
      role="list"
      aria-label="xAPI Profile guideline steps"
    >
      {GUIDELINE_STEPS.map((step, index) => (
        <Card
          key={step.id}
          role="listitem"
          withBorder
          padding="lg"
          aria-labelledby={`guideline-step-${step.id}`}
        >
          <Group gap="sm" mb="xs" wrap="nowrap">
            <Badge size="lg" circle variant="light" aria-hidden>
              {index + 1}
            </Badge>
            <Title order={headingOrder} size="h4" id={`guideline-step-${step.id}`}>
              {step.title}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {step.summary}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
