import { Route, Routes } from 'react-router-dom';
import { EmployeeApplicationsPage } from '../features/applications/employee-applications-page';
import { AdminProductsPage } from '../features/admin-products/admin-products-page';
import { AdminServicesPage } from '../features/admin-services/admin-services-page';
import { SettingsPage } from '../features/settings/settings-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RequireRole } from './guards';
import { AdminLayout } from './layouts/admin-layout';
import { MessagesInboxPage } from '../features/chat/messages-inbox-page';
import { useCurrentUser } from './session';

function MessagesRoute() {
  const { user } = useCurrentUser();
  return user ? <MessagesInboxPage user={user} /> : null;
}

/** The admin area, loaded as its own chunk so the storefront stays small. */
export default function AdminRoutes() {
  return (
    <RequireRole roles={['employee', 'admin']}>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route path="products" element={<AdminProductsPage />} />
          <Route path="services" element={<AdminServicesPage />} />
          <Route
            path="employee-applications"
            element={
              <RequireRole roles={['admin']}>
                <EmployeeApplicationsPage />
              </RequireRole>
            }
          />
          <Route
            path="settings"
            element={
              <RequireRole roles={['admin']}>
                <SettingsPage />
              </RequireRole>
            }
          />
          <Route path="messages" element={<MessagesRoute />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </RequireRole>
  );
}
