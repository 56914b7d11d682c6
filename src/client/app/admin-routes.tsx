import { Route, Routes } from 'react-router-dom';
import { EmployeeApplicationsPage } from '../features/applications/employee-applications-page';
import { AdminProductsPage } from '../features/admin-products/admin-products-page';
import { AdminServicesPage } from '../features/admin-services/admin-services-page';
import { SettingsPage } from '../features/settings/settings-page';
import { AdminCalendarPage } from '../features/scheduling/admin-calendar-page';
import { EmployeeSchedulesPage } from '../features/scheduling/employee-schedules-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RequireRole } from './guards';
import { AdminLayout } from './layouts/admin-layout';

/** The admin area, loaded as its own chunk so the storefront stays small. */
export default function AdminRoutes() {
  return (
    <RequireRole roles={['employee', 'admin']}>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route path="products" element={<AdminProductsPage />} />
          <Route path="services" element={<AdminServicesPage />} />
          <Route path="calendar" element={<AdminCalendarPage />} />
          <Route
            path="employee-schedules"
            element={
              <RequireRole roles={['admin']}>
                <EmployeeSchedulesPage />
              </RequireRole>
            }
          />
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
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </RequireRole>
  );
}
