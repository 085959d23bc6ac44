export { notify, NOTIFICATION_TEXT_MAX, type Notification } from './notify';
export { deliveryOf, setDelivery } from './preferences';
export {
  notificationMail,
  sendDueNotifications,
  type NotificationTiming,
  type SendNotificationsDeps,
} from './send';
export { NotificationService } from './service';
