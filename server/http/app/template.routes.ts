import type { Services } from '../../services';
import type { ZodApp } from '../types';

export function templateRoutes(app: ZodApp, services: Services): void {
  void app;
  void services;
}
