import { Route, Routes } from 'react-router-dom';
import { EmployeeApplicationsPage } from '../features/employee-applications/employee-applications-page';
import { AdminProductsPage } from '../features/catalog/admin-products-page';
import { AdminServicesPage } from '../features/catalog/admin-services-page';
import { SettingsPage } from '../features/settings/settings-page';
import { NotFoundPage } from '../components/not-found-page';
import { RequireAccess } from './guards';
import { AdminLayout } from './layouts/admin-layout';

/** The admin area, loaded as its own chunk so the storefront stays small. */
export default function AdminRoutes() {
  return (
    <RequireAccess rule="staff">
      <Routes>
        <Route element={<AdminLayout />}>
          <Route path="products" element={<AdminProductsPage />} />
          <Route path="services" element={<AdminServicesPage />} />
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
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </RequireAccess>
  );
}
