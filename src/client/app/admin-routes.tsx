import { Route, Routes } from 'react-router-dom';
import { SettingsPage } from '../features/settings/settings-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RequireRole } from './guards';
import { AdminLayout } from './layouts/admin-layout';

/** The admin area, loaded as its own chunk so the storefront stays small. */
export default function AdminRoutes() {
  return (
    <RequireRole roles={['employee', 'admin']}>
      <Routes>
        <Route element={<AdminLayout />}>
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
