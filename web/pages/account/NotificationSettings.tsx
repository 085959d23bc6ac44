import { Center, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import {
  notificationDeliverySchema,
  type NotificationDelivery,
} from '../../../common/notifications';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../../api/notifications';
import { ErrorAlert } from '../../components/parts';
import { feedback } from '../../lib/feedback-store';

const CHOICES: { value: NotificationDelivery; label: string; description: string }[] = [
  {
    value: 'immediate',
    label: 'As they happen',
    description: 'One e-mail for each short burst of activity, a minute or so after it.',
  },
  {
    value: 'daily',
    label: 'A daily digest',
    description: 'One e-mail a day gathering everything that concerned you.',
  },
  { value: 'none', label: 'None', description: 'No e-mail; you see it on the site.' },
];

/**
 * My Account's choice of how notifications (a review asked of you, a reply, a mention) reach
 * you; a choice is saved as it is made.
 */
export function NotificationSettings() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const choose = (value: string) => {
    const delivery = notificationDeliverySchema.parse(value);
    save.mutate(
      { delivery },
      {
        onSuccess: () =>
          feedback.showSuccess({
            subject: 'Notifications saved',
            message: CHOICES.find((c) => c.value === delivery)?.label ?? delivery,
          }),
      },
    );
  };
  return (
    <Paper
      component="section"
      aria-labelledby="notification-settings-title"
      withBorder
      shadow="sm"
      p="xl"
      radius="md"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="notification-settings-title">
          Notifications
        </Title>
        <Text size="sm">
          E-mail about reviews asked of you, replies to your messages and mentions of you.
        </Text>
        {preferences.isPending ? (
          <Center>
            <Loader size="sm" aria-label="Loading your notification settings" />
          </Center>
        ) : (
          <Radio.Group
            label="E-mail me"
            value={
              (save.isPending ? save.variables.delivery : undefined) ??
              preferences.data?.delivery ??
              'immediate'
            }
            onChange={choose}
          >
            <Stack gap="sm" mt="xs">
              {CHOICES.map((choice) => (
                <Radio
                  key={choice.value}
                  value={choice.value}
                  label={choice.label}
                  description={choice.description}
                  disabled={save.isPending}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <ErrorAlert error={preferences.error ?? save.error} />
      </Stack>
    </Paper>
  );
}
