import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ZEmployeeApplicationInput, type EmployeeApplicationInput } from '../../../shared/employee-application-schema';
import { Button, ButtonLink, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, Input, Textarea } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { fieldErrors } from '../auth/form-errors';
import { PortalCardPage } from './portal-card-page';

const empty: EmployeeApplicationInput = { firstName: '', lastName: '', email: '', phone: '', bio: '', experience: '', specialties: '' };

/** /employee/register, "Join Our Team" (docs/employee-applications.md). */
export function EmployeeRegisterPage() {
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toast = useToast();
  const register = trpc.employeeApplications.register.useMutation({
    onSuccess: () =>
      toast({ title: 'Registration Submitted', description: "Your employee registration has been submitted for review. You'll receive an email when approved." }),
    onError: (error) => toast({ title: 'Registration Failed', description: errorMessage(error), variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = fieldErrors(ZEmployeeApplicationInput, form);
    setErrors(problems ?? {});
    if (!problems) register.mutate(form);
  }

  const set = (key: keyof EmployeeApplicationInput) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  if (register.isSuccess) {
    return (
      <PortalCardPage>
        <Card className="text-center">
          <CardHeader>
            <span className="mx-auto mb-2 inline-flex h-12 w-12 items-center justify-center rounded-full bg-green-100 text-green-700" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
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
          <form onSubmit={submit} noValidate className="flex flex-col gap-6">
            <fieldset className="flex flex-col gap-4">
              <legend className="mb-3 text-base font-semibold text-stone-900">Personal Information</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="First Name" error={errors.firstName}>
                  {(ids) => <Input {...ids} name="firstName" autoComplete="given-name" value={form.firstName} onChange={set('firstName')} />}
                </Field>
                <Field label="Last Name" error={errors.lastName}>
                  {(ids) => <Input {...ids} name="lastName" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />}
                </Field>
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Email" error={errors.email}>
                  {(ids) => <Input {...ids} type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} />}
                </Field>
                <Field label="Phone" error={errors.phone}>
                  {(ids) => <Input {...ids} type="tel" name="phone" autoComplete="tel" value={form.phone} onChange={set('phone')} />}
                </Field>
              </div>
            </fieldset>
            <fieldset className="flex flex-col gap-4">
              <legend className="mb-3 text-base font-semibold text-stone-900">Professional Information</legend>
              <Field label="About You" error={errors.bio}>
                {(ids) => <Textarea {...ids} name="bio" value={form.bio} onChange={set('bio')} placeholder="Tell us a little about yourself" />}
              </Field>
              <Field label="Experience & Qualifications" error={errors.experience}>
                {(ids) => <Textarea {...ids} name="experience" value={form.experience} onChange={set('experience')} placeholder="Where have you worked, what are you certified in?" />}
              </Field>
              <Field label="Skills & Specialties" error={errors.specialties}>
                {(ids) => <Input {...ids} name="specialties" value={form.specialties} onChange={set('specialties')} placeholder="e.g. Swedish massage, facials" />}
              </Field>
            </fieldset>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Link to="/" className={buttonClass('outline', 'md')}>
                Cancel
              </Link>
              <Button type="submit" disabled={register.isPending}>
                {register.isPending ? 'Submitting...' : 'Submit Application'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </PortalCardPage>
  );
}
