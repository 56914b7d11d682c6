import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../../components/not-found-page';
import { EmployeeAppointmentsPage } from './employee-appointments-page';
import { EmployeeAvailabilityPage } from './employee-availability-page';
import { EmployeeDashboardPage } from './employee-dashboard-page';
import { EmployeeSchedulePage } from './employee-schedule-page';
import { EmployeeLayout } from './employee-layout';
import { EmployeeLoginPage } from './employee-login-page';
import { EmployeeProfilePage } from './employee-profile-page';
import { EmployeeRegisterPage } from './employee-register-page';
import { RequireEmployee } from './require-employee';
import { SetPasswordPage } from './set-password-page';

const dashboard = (
  <RequireEmployee message="Please log in to access your dashboard.">
    <EmployeeDashboardPage />
  </RequireEmployee>
);

/** /employee/*: the employee portal, loaded as its own chunk (docs/product.md). */
export default function EmployeeRoutes() {
  return (
    <Routes>
      <Route path="login" element={<EmployeeLoginPage />} />
      <Route path="register" element={<EmployeeRegisterPage />} />
      <Route path="set-password" element={<SetPasswordPage />} />
      <Route element={<EmployeeLayout />}>
        <Route index element={dashboard} />
        <Route path="dashboard" element={dashboard} />
        <Route
          path="appointments"
          element={
            <RequireEmployee message="Please log in to access appointments.">
              <EmployeeAppointmentsPage />
            </RequireEmployee>
          }
        />
        <Route
          path="availability"
          element={
            <RequireEmployee message="Please log in to manage your availability.">
              <EmployeeAvailabilityPage />
            </RequireEmployee>
          }
        />
        <Route
          path="schedule"
          element={
            <RequireEmployee message="Please log in to access your schedule.">
              <EmployeeSchedulePage />
            </RequireEmployee>
          }
        />
        <Route
          path="profile"
          element={
            <RequireEmployee message="Please log in to access your profile.">
              <EmployeeProfilePage />
            </RequireEmployee>
          }
        />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
