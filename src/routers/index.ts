import { router } from '../server/api/trpc';
import { authRouter } from './auth';
import { employeeRouter } from './employee';
import { employeeApplicationsRouter } from './employee-applications';
import { cartRouter } from './cart';
import { productsRouter } from './products';
import { serviceProvidersRouter } from './service-providers';
import { servicesRouter } from './services';
import { settingsRouter } from './settings';
import { availabilityRouter } from './availability';
import { employeePortalRouter } from './employee-portal';
import { appointmentsRouter } from './appointments';
import { ordersRouter } from './orders';
import { discountsRouter } from './discounts';
import { giftCardsRouter } from './gift-cards';
import { staffRouter } from './staff/index';
import { chatRouter } from './chat';
import { webhooksRouter } from './webhooks';
import { eventsRouter } from './events';
import { waitlistRouter } from './waitlist';
import { integrationsRouter } from './integrations';
import { customerRecordsRouter } from './customer-records';
import { calendarsRouter } from './calendars';
import { packagesRouter } from './packages';
import { locationsRouter } from './locations';

export const appRouter = router({
  auth: authRouter,
  employee: employeeRouter,
  employeeApplications: employeeApplicationsRouter,
  settings: settingsRouter,
  products: productsRouter,
  services: servicesRouter,
  serviceProviders: serviceProvidersRouter,
  cart: cartRouter,
  availability: availabilityRouter,
  employeePortal: employeePortalRouter,
  appointments: appointmentsRouter,
  orders: ordersRouter,
  discounts: discountsRouter,
  giftCards: giftCardsRouter,
  staff: staffRouter,
  chat: chatRouter,
  webhooks: webhooksRouter,
  events: eventsRouter,
  waitlist: waitlistRouter,
  integrations: integrationsRouter,
  customerRecords: customerRecordsRouter,
  calendars: calendarsRouter,
  packages: packagesRouter,
  locations: locationsRouter,
});

export type AppRouter = typeof appRouter;
