import { Route, Routes } from 'react-router-dom';
import { EmployeeApplicationsPage } from '../features/employee-applications/employee-applications-page';
import { AdminProductsPage } from '../features/catalog/admin-products-page';
import { AdminServicesPage } from '../features/catalog/admin-services-page';
import { SettingsPage } from '../features/settings/settings-page';
import { IntegrationsPage } from '../features/integrations/integrations-page';
import { NotFoundPage } from '../components/not-found-page';
import { AdminOrdersRoutes } from '../features/orders/admin-orders-routes';
import { DiscountsPage } from '../features/discounts/discounts-page';
import { CustomersPage } from '../features/staff/customers-page';
import { DashboardPage } from '../features/staff/dashboard-page';
import { RolesPage } from '../features/staff/roles-page';
import { UsersPage } from '../features/staff/users-page';
import { RequireAccess } from './guards';
import { AdminCalendarPage } from '../features/scheduling/admin-calendar-page';
import { EmployeeSchedulesPage } from '../features/scheduling/employee-schedules-page';
import { AdminLayout } from './layouts/admin-layout';
import { MessagesInboxPage } from '../features/chat/messages-inbox-page';
import { useCurrentUser } from '../lib/session';

function MessagesRoute() {
  const { user } = useCurrentUser();
  return user ? <MessagesInboxPage user={user} /> : null;
}

/** The admin area, loaded as its own chunk so the storefront stays small. */
export default function AdminRoutes() {
  return (
    <RequireAccess rule="staff">
      <Routes>
        <Route element={<AdminLayout />}>
          <Route
            index
            element={
              <RequireAccess rule="dashboard.view">
                <DashboardPage />
              </RequireAccess>
            }
          />
          <Route
            path="users"
            element={
              <RequireAccess rule="users.view">
                <UsersPage />
              </RequireAccess>
            }
          />
          <Route
            path="roles"
            element={
              <RequireAccess rule="roles.view">
                <RolesPage />
              </RequireAccess>
            }
          />
          <Route
            path="customers"
            element={
              <RequireAccess rule="customers.view">
                <CustomersPage />
              </RequireAccess>
            }
          />
          <Route path="products" element={<AdminProductsPage />} />
          <Route path="services" element={<AdminServicesPage />} />
          <Route path="calendar" element={<AdminCalendarPage />} />
          <Route
            path="employee-schedules"
            element={
              <RequireAccess rule="admin">
                <EmployeeSchedulesPage />
              </RequireAccess>
            }
          />
          <Route
            path="employee-applications"
            element={
              <RequireAccess rule="admin">
                <EmployeeApplicationsPage />
              </RequireAccess>
            }
          />
          <Route
            path="settings"
            element={
              <RequireAccess rule="admin">
                <SettingsPage />
              </RequireAccess>
            }
          />
          <Route
            path="integrations"
            element={
              <RequireAccess rule="admin">
                <IntegrationsPage />
              </RequireAccess>
            }
          />
          <Route
            path="orders/*"
            element={
              <RequireAccess rule="orders.view">
                <AdminOrdersRoutes />
              </RequireAccess>
            }
          />
          <Route
            path="discounts"
            element={
              <RequireAccess rule="orders.edit">
                <DiscountsPage />
              </RequireAccess>
            }
          />
          <Route path="messages" element={<MessagesRoute />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </RequireAccess>
  );
}
