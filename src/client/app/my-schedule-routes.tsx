import { Route, Routes } from 'react-router-dom';
import { MySchedulePage } from '../features/scheduling/my-schedule-page';
import { RequireRole } from './guards';
import { AdminLayout } from './layouts/admin-layout';

/** /my-schedule: a staff page in the admin shell, outside /admin. Its own chunk, like the admin area. */
export default function MyScheduleRoutes() {
  return (
    <RequireRole roles={['employee', 'admin']}>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<MySchedulePage />} />
        </Route>
      </Routes>
    </RequireRole>
  );
}
