import { Alert, Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { componentKind } from '../PatternFields';
import { moved, type ChosenComponent } from './values';

export const NO_CHOSEN_COMPONENTS = 'No components chosen yet.';
export const PROBLEMS_TITLE = 'Component problems';

/**
 * The pattern's components in order. `removable` offers Remove per row; `reorderable` lets rows
 * be dragged to another place (native drag and drop) and moved one place with Move up and Move
 * down, for keyboards.
 */
export function ChosenComponents({
  label,
  components,
  onChange,
  removable = false,
  reorderable = false,
}: {
  label: string;
  components: readonly ChosenComponent[];
  onChange: (components: ChosenComponent[]) => void;
  removable?: boolean;
  reorderable?: boolean;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  // A moved row is drawn anew at its new place: keyboard focus follows it there, to the button
  // pressed, or to the other one when the row reached an end (a disabled button cannot hold it).
  const moveFocus = useRef<{ index: number; up: boolean } | null>(null);
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    if (!moveFocus.current) return;
    const { index, up } = moveFocus.current;
    moveFocus.current = null;
    const atEnd = up ? index === 0 : index === components.length - 1;
    const side = up !== atEnd ? 'up' : 'down';
    moveButtons.current.get(`${index} ${side}`)?.focus();
  });
  const move = (from: number, to: number) => {
    moveFocus.current = { index: to, up: to < from };
    onChange(moved(components, from, to));
  };
  const buttonRef = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) moveButtons.current.set(key, element);
    else moveButtons.current.delete(key);
  };
  const [over, setOver] = useState<number | null>(null);
  const drop = (index: number) => {
    if (dragged !== null) onChange(moved(components, dragged, index));
    setDragged(null);
    setOver(null);
  };

  return (
    <Stack gap="xs" component="section" aria-label={label}>
      <Text fw={600} size="sm">
        {label} ({components.length})
      </Text>
      {components.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_CHOSEN_COMPONENTS}
        </Text>
      ) : (
        <Stack gap={6} component="ol" p={0} m={0} aria-label={label}>
          {components.map((component, index) => (
            <Paper
              key={`${component.componentId}-${index}`}
              component="li"
              withBorder
              radius="sm"
              p="xs"
              aria-label={`${index + 1}. ${component.name}`}
              draggable={reorderable}
              onDragStart={(event) => {
                setDragged(index);
                // Firefox starts a drag only with data set.
                event.dataTransfer?.setData('text/plain', String(index));
              }}
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver((was) => (was === index ? null : was))}
              onDrop={(event) => {
                event.preventDefault();
                drop(index);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              style={{
                listStyle: 'none',
                cursor: reorderable ? 'grab' : undefined,
                opacity: dragged === index ? 0.5 : 1,
                borderColor: over === index ? 'var(--mantine-color-blue-5)' : undefined,
              }}
            >
              <Group gap="sm" wrap="nowrap">
                {reorderable && (
                  <Text span c="dimmed" aria-hidden>
                    ⠿
                  </Text>
                )}
                <Text span fw={700} size="sm" w={24}>
                  {index + 1}.
                </Text>
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {component.name}
                    </Text>
                    <Badge variant="light" color="gray" size="sm">
                      {componentKind(component)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {component.iri}
                  </Text>
                </Stack>
                {reorderable && (
                  <Group gap={4} wrap="nowrap">
                    <Button
                      ref={buttonRef(`${index} up`)}
                      size="compact-xs"
                      variant="default"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      Move up
                    </Button>
                    <Button
                      ref={buttonRef(`${index} down`)}
                      size="compact-xs"
                      variant="default"
                      disabled={index === components.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      Move down
                    </Button>
                  </Group>
                )}
                {removable && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${component.name}`}
                    onClick={() => onChange(components.filter((_, i) => i !== index))}
                  >
                    Remove
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The K5–K9 problems of the components, said before saving. */
export function ComponentProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title={PROBLEMS_TITLE}>
      <List size="sm" spacing={4}>
        {problems.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
