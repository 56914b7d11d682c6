import { useEmployee } from './employee-portal-api';

/** /employee and /employee/dashboard. The appointment and availability cards arrive with booking. */
export function EmployeeDashboardPage() {
  const { data: user } = useEmployee();
  return (
    <div className="flex flex-col gap-2">
      <h1 className="text-2xl font-bold text-stone-900">Employee Dashboard</h1>
      {user && <p className="text-stone-600">Welcome back, {user.firstName}.</p>}
    </div>
  );
}
