import type { Services } from '../../services';
import type { ZodApp } from '../types';

export function patternRoutes(app: ZodApp, services: Services): void {
  void app;
  void services;
}
