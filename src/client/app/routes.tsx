import { Suspense, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { Spinner } from '../components/ui/spinner';
import { useCatalogList } from '../features/catalog/catalog-api';
import { ProductsPage } from '../features/catalog/products-page';
import { ServicesPage } from '../features/catalog/services-page';
import { HomePage } from '../features/home/home-page';
import { LandingPage } from '../features/landing/landing-page';
// In the first script, small as it is, so that the server renders it: where a sign-in that did not happen ends.
import { SignInErrorPage } from '../features/auth/sign-in-error-page';
import { later } from '../lib/i18n';
import { useCurrentUser } from '../lib/session';
import type { MessageId } from '../../shared/i18n/en';
import { DocumentTitle } from './document-title';
import { RequireAccess } from './guards';
import { CustomerLayout } from './layouts/customer-layout';

/*
 * Every route of the application. The storefront (landing, home, shop lists) is in the first script; everything
 * else loads when first opened, page by page, so the shop never carries the cart's forms, the admin area or the
 * employee portal (docs/decisions/0012-client-layout.md).
 */

/** A page loaded on first visit; while it loads, a spinner takes its place inside the layout, which stays on screen. */
function page<K extends string, P extends object>(
  load: () => Promise<{ [key in K]: (props: P) => ReactNode }>,
  name: K,
) {
  return later(load, name, <Spinner className="min-h-[40vh]" />);
}

// Customer pages beyond the storefront.
const CartPage = page(() => import('../features/cart/cart-page'), 'CartPage');
const SimpleBookingPage = page(() => import('../features/booking/simple-booking-page'), 'SimpleBookingPage');
const GuidedBookingPage = page(() => import('../features/booking/guided-booking-page'), 'GuidedBookingPage');
const ProfilePage = page(() => import('../features/profile/profile-page'), 'ProfilePage');
const CheckoutPage = page(() => import('../features/orders/checkout-page'), 'CheckoutPage');
const OrderPage = page(() => import('../features/orders/order-page'), 'OrderPage');

// The admin area.
const AdminLayout = page(() => import('./layouts/admin-layout'), 'AdminLayout');
const DashboardPage = page(() => import('../features/staff/dashboard-page'), 'DashboardPage');
const UsersPage = page(() => import('../features/staff/users-page'), 'UsersPage');
const RolesPage = page(() => import('../features/staff/roles-page'), 'RolesPage');
const CustomersPage = page(() => import('../features/staff/customers-page'), 'CustomersPage');
const CustomerRecordPage = page(() => import('../features/customers/customer-record-page'), 'CustomerRecordPage');
const AdminProductsPage = page(() => import('../features/catalog/admin-products-page'), 'AdminProductsPage');
const AdminServicesPage = page(() => import('../features/catalog/admin-services-page'), 'AdminServicesPage');
const AdminCalendarPage = page(() => import('../features/scheduling/admin-calendar-page'), 'AdminCalendarPage');
const EmployeeSchedulesPage = page(
  () => import('../features/scheduling/employee-schedules-page'),
  'EmployeeSchedulesPage',
);
const EmployeeApplicationsPage = page(
  () => import('../features/employee-applications/employee-applications-page'),
  'EmployeeApplicationsPage',
);
const SettingsPage = page(() => import('../features/settings/settings-page'), 'SettingsPage');
const IntegrationsPage = page(() => import('../features/integrations/integrations-page'), 'IntegrationsPage');
const AdminOrdersPage = page(() => import('../features/orders/admin-orders-page'), 'AdminOrdersPage');
const AdminOrderPage = page(() => import('../features/orders/admin-order-page'), 'AdminOrderPage');
const DiscountsPage = page(() => import('../features/discounts/discounts-page'), 'DiscountsPage');
const AdminPackagesPage = page(() => import('../features/packages/admin-packages-page'), 'AdminPackagesPage');
const LocationsPage = page(() => import('../features/locations/locations-page'), 'LocationsPage');
const ResourcesPage = page(() => import('../features/locations/resources-page'), 'ResourcesPage');
const AdminGiftCardsPage = page(() => import('../features/gift-cards/admin-gift-cards-page'), 'AdminGiftCardsPage');
const AdminGiftCardPage = page(() => import('../features/gift-cards/admin-gift-card-page'), 'AdminGiftCardPage');
const MessagesInboxPage = page(() => import('../features/chat/messages-inbox-page'), 'MessagesInboxPage');

// Both portals.
const MyWeekPage = page(() => import('../features/my-week/my-week-page'), 'MyWeekPage');

// The employee portal.
const EmployeeLayout = page(() => import('../features/employee-portal/employee-layout'), 'EmployeeLayout');
const RequireEmployee = page(() => import('../features/employee-portal/require-employee'), 'RequireEmployee');
const EmployeeLoginPage = page(() => import('../features/employee-portal/employee-login-page'), 'EmployeeLoginPage');
const EmployeeRegisterPage = page(
  () => import('../features/employee-portal/employee-register-page'),
  'EmployeeRegisterPage',
);
const SetPasswordPage = page(() => import('../features/employee-portal/set-password-page'), 'SetPasswordPage');
const EmployeeDashboardPage = page(
  () => import('../features/employee-portal/employee-dashboard-page'),
  'EmployeeDashboardPage',
);
const EmployeeAppointmentsPage = page(
  () => import('../features/employee-portal/employee-appointments-page'),
  'EmployeeAppointmentsPage',
);
const EmployeeAvailabilityPage = page(
  () => import('../features/employee-portal/employee-availability-page'),
  'EmployeeAvailabilityPage',
);
const EmployeeProfilePage = page(
  () => import('../features/employee-portal/employee-profile-page'),
  'EmployeeProfilePage',
);

/** `/` is the landing page while loading or signed out, the customer home once signed in. */
function Root() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading || !user) return <LandingPage />;
  return <CustomerLayout />;
}

/**
 * The shop lists are public, so their request starts at once, beside the sign-in check, instead of after it:
 * the page that the guard then shows finds its data on the way (its pictures are the largest paint). Not for
 * a visitor known to be signed out, whom the guard sends to sign in.
 */
function StorefrontPrefetch() {
  const { pathname } = useLocation();
  const { user, isLoading } = useCurrentUser();
  const mayShow = isLoading || !!user;
  useCatalogList('products', { enabled: mayShow && pathname === '/products' });
  useCatalogList('services', { enabled: mayShow && pathname === '/services' });
  return null;
}

function MessagesRoute() {
  const { user } = useCurrentUser();
  return user ? <MessagesInboxPage user={user} /> : null;
}

/** A portal screen: the employee sign-in, each screen saying in its own words why it needs it. */
const portal = (message: MessageId, screen: ReactNode) => <RequireEmployee message={message}>{screen}</RequireEmployee>;
const portalDashboard = portal('employeePortal.loginForDashboard', <EmployeeDashboardPage />);

/** The routes, inside the browser's router (main.tsx) or, for a page's first screen, the server's (server-render.tsx). */
export function AppRoutes() {
  return (
    <>
      <StorefrontPrefetch />
      <DocumentTitle />
      <Suspense fallback={<Spinner className="min-h-dvh" />}>
        <Routes>
          <Route path="/" element={<Root />}>
            <Route index element={<HomePage />} />
          </Route>
          <Route
            element={
              <RequireAccess rule="signedIn">
                <CustomerLayout />
              </RequireAccess>
            }
          >
            <Route path="/products" element={<ProductsPage />} />
            <Route path="/services" element={<ServicesPage />} />
            <Route path="/booking" element={<SimpleBookingPage />} />
            <Route path="/employee-booking" element={<GuidedBookingPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/cart" element={<CartPage />} />
            <Route path="/checkout" element={<CheckoutPage />} />
            <Route path="/orders/:id" element={<OrderPage />} />
          </Route>

          <Route
            element={
              <RequireAccess rule="staff">
                <AdminLayout />
              </RequireAccess>
            }
          >
            <Route path="/admin">
              <Route index element={guarded('dashboard.view', <DashboardPage />)} />
              <Route path="users" element={guarded('users.view', <UsersPage />)} />
              <Route path="roles" element={guarded('roles.view', <RolesPage />)} />
              <Route path="customers" element={guarded('customers.view', <CustomersPage />)} />
              <Route path="customers/:id" element={guarded('customers.view', <CustomerRecordPage />)} />
              <Route path="products" element={<AdminProductsPage />} />
              <Route path="services" element={<AdminServicesPage />} />
              <Route path="calendar" element={<AdminCalendarPage />} />
              <Route path="employee-schedules" element={guarded('admin', <EmployeeSchedulesPage />)} />
              <Route path="employee-applications" element={guarded('admin', <EmployeeApplicationsPage />)} />
              <Route path="settings" element={guarded('admin', <SettingsPage />)} />
              <Route path="integrations" element={guarded('webhooks.view', <IntegrationsPage />)} />
              <Route path="orders" element={guarded('orders.view', <AdminOrdersPage />)} />
              <Route path="orders/:id" element={guarded('orders.view', <AdminOrderPage />)} />
              <Route path="discounts" element={guarded('orders.edit', <DiscountsPage />)} />
              <Route path="packages" element={guarded('services.edit', <AdminPackagesPage />)} />
              <Route path="locations" element={guarded('settings.edit', <LocationsPage />)} />
              <Route path="resources" element={guarded('services.edit', <ResourcesPage />)} />
              <Route path="gift-cards" element={guarded('orders.view', <AdminGiftCardsPage />)} />
              <Route path="gift-cards/:id" element={guarded('orders.view', <AdminGiftCardPage />)} />
              <Route path="messages" element={<MessagesRoute />} />
            </Route>
            <Route path="/my-schedule" element={<MyWeekPage />} />
          </Route>
          <Route path="/admin/*" element={guarded('staff', <NotFoundPage />)} />

          <Route path="/employee">
            <Route path="login" element={<EmployeeLoginPage />} />
            <Route path="register" element={<EmployeeRegisterPage />} />
            <Route path="set-password" element={<SetPasswordPage />} />
            <Route element={<EmployeeLayout />}>
              <Route index element={portalDashboard} />
              <Route path="dashboard" element={portalDashboard} />
              <Route
                path="appointments"
                element={portal('employeePortal.loginForAppointments', <EmployeeAppointmentsPage />)}
              />
              <Route
                path="availability"
                element={portal('employeePortal.loginForAvailability', <EmployeeAvailabilityPage />)}
              />
              <Route path="schedule" element={portal('employeePortal.loginForSchedule', <MyWeekPage />)} />
              <Route path="profile" element={portal('employeePortal.loginForProfile', <EmployeeProfilePage />)} />
            </Route>
          </Route>

          <Route path="/sign-in-error" element={<SignInErrorPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </>
  );
}

function guarded(rule: Parameters<typeof RequireAccess>[0]['rule'], screen: ReactNode) {
  return <RequireAccess rule={rule}>{screen}</RequireAccess>;
}
