import { useNavigate } from 'react-router-dom';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';

/** The signed-in employee (or admin) for the portal; 401 means signed out and is never retried. */
export function useEmployee() {
  return trpc.employee.me.useQuery(undefined, { retry: false, throwOnError: false });
}

/** After an employee sign-in the whole app has a session: the portal and the storefront read it fresh. */
function useSignedIn() {
  const utils = trpc.useUtils();
  return (user: RouterOutputs['employee']['login']['user']) => {
    utils.employee.me.setData(undefined, user);
    utils.auth.user.setData(undefined, user);
  };
}

export function useEmployeeLogin() {
  const toast = useToast();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return trpc.employee.login.useMutation({
    onSuccess: ({ user }) => {
      signedIn(user);
      toast({ title: 'Login Successful', description: 'Welcome to your employee dashboard!' });
      navigate('/employee/dashboard');
    },
    onError: (error) => toast({ title: 'Login Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** The portal posts its logout, then sends the browser to /api/logout as well. */
export function useEmployeeLogout() {
  const toast = useToast();
  return trpc.employee.logout.useMutation({
    onSuccess: () => window.location.assign('/api/logout'),
    onError: () => toast({ title: 'Error', description: 'Failed to log out. Please try again.', variant: 'destructive' }),
  });
}

export function usePasswordToken(token: string) {
  return trpc.employee.passwordToken.useQuery({ token }, { retry: false, enabled: token.length > 0 });
}

/** Sets the password from an e-mailed link and signs in; a failure reads the link's state again. */
export function useSetPassword(onFailure: () => void) {
  const toast = useToast();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return trpc.employee.setPassword.useMutation({
    onSuccess: ({ user }) => {
      signedIn(user);
      toast({ title: 'Password Set', description: 'Welcome to your employee dashboard!' });
      navigate('/employee/dashboard', { replace: true });
    },
    onError: (error) => {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      onFailure();
    },
  });
}

export function useRegisterApplication() {
  const toast = useToast();
  return trpc.employeeApplications.register.useMutation({
    onSuccess: () =>
      toast({ title: 'Registration Submitted', description: "Your employee registration has been submitted for review. You'll receive an email when approved." }),
    onError: (error) => toast({ title: 'Registration Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}
