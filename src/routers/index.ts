import { router } from '../server/trpc';
import { authRouter } from './auth';
import { employeeRouter } from './employee';
import { employeeApplicationsRouter } from './employee-applications';
import { cartRouter } from './cart';
import { productsRouter } from './products';
import { serviceProvidersRouter } from './service-providers';
import { servicesRouter } from './services';
import { settingsRouter } from './settings';
import { appointmentsRouter } from './appointments';

export const appRouter = router({
  auth: authRouter,
  employee: employeeRouter,
  employeeApplications: employeeApplicationsRouter,
  settings: settingsRouter,
  products: productsRouter,
  services: servicesRouter,
  serviceProviders: serviceProvidersRouter,
  cart: cartRouter,
  appointments: appointmentsRouter,
});

export type AppRouter = typeof appRouter;
