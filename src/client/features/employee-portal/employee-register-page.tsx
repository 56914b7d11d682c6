import { Link } from 'react-router-dom';
import { ZEmployeeApplicationInput } from '../../../shared/employee-application-schema';
import { Button, ButtonLink, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, TextareaField, TextField, useZodForm } from '../../components/ui/form';
import { useRegisterApplication } from './employee-portal-api';
import { PortalCardPage } from './portal-card-page';

const empty = { firstName: '', lastName: '', email: '', phone: '', bio: '', experience: '', specialties: '' };

/** /employee/register, "Join Our Team": the application form; staff review it. */
export function EmployeeRegisterPage() {
  const form = useZodForm(ZEmployeeApplicationInput, { defaultValues: empty });
  const register = useRegisterApplication();

  if (register.isSuccess) {
    return (
      <PortalCardPage>
        <Card className="text-center">
          <CardHeader>
            <span
              className="mx-auto mb-2 inline-flex h-12 w-12 items-center justify-center rounded-full bg-green-100 text-green-700"
              aria-hidden="true"
            >
              <svg
                viewBox="0 0 24 24"
                width="24"
                height="24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M5 12l5 5L20 7" />
              </svg>
            </span>
            <CardTitle className="text-2xl">Registration Submitted!</CardTitle>
            <CardDescription>
              Thank you for applying. You will receive an email once your application has been reviewed.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ButtonLink to="/" variant="primary">
              Return to Home
            </ButtonLink>
          </CardContent>
        </Card>
      </PortalCardPage>
    );
  }

  return (
    <PortalCardPage wide>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Join Our Team</CardTitle>
          <CardDescription>Tell us about yourself. We review every application and reply by e-mail.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form form={form} onSubmit={(values) => register.mutate(values)} className="flex flex-col gap-6">
            <fieldset className="flex flex-col gap-4">
              <legend className="mb-3 text-base font-semibold text-stone-900">Personal Information</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField name="firstName" label="First Name" autoComplete="given-name" />
                <TextField name="lastName" label="Last Name" autoComplete="family-name" />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField name="email" label="Email" type="email" autoComplete="email" />
                <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
              </div>
            </fieldset>
            <fieldset className="flex flex-col gap-4">
              <legend className="mb-3 text-base font-semibold text-stone-900">Professional Information</legend>
              <TextareaField name="bio" label="About You" placeholder="Tell us a little about yourself" />
              <TextareaField
                name="experience"
                label="Experience & Qualifications"
                placeholder="Where have you worked, what are you certified in?"
              />
              <TextField name="specialties" label="Skills & Specialties" placeholder="e.g. Swedish massage, facials" />
            </fieldset>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Link to="/" className={buttonClass('outline', 'md')}>
                Cancel
              </Link>
              <Button type="submit" disabled={register.isPending}>
                {register.isPending ? 'Submitting...' : 'Submit Application'}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </PortalCardPage>
  );
}
