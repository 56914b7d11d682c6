import { useIntl } from 'react-intl';
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
  const intl = useIntl();
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
            <CardTitle className="text-2xl">
              {intl.formatMessage({ id: 'employeePortal.registrationSubmittedTitle' })}
            </CardTitle>
            <CardDescription>{intl.formatMessage({ id: 'employeePortal.registrationThanks' })}</CardDescription>
          </CardHeader>
          <CardContent>
            <ButtonLink to="/" variant="primary">
              {intl.formatMessage({ id: 'employeePortal.returnHome' })}
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
          <CardTitle className="text-2xl">{intl.formatMessage({ id: 'employeePortal.joinTitle' })}</CardTitle>
          <CardDescription>{intl.formatMessage({ id: 'employeePortal.joinIntro' })}</CardDescription>
        </CardHeader>
        <CardContent>
          <Form form={form} onSubmit={(values) => register.mutate(values)} className="flex flex-col gap-6">
            <fieldset className="flex flex-col gap-4">
              <legend className="mb-3 text-base font-semibold text-stone-900">
                {intl.formatMessage({ id: 'employeePortal.personalInformation' })}
              </legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  name="firstName"
                  label={intl.formatMessage({ id: 'employeePortal.firstName' })}
                  autoComplete="given-name"
                />
                <TextField
                  name="lastName"
                  label={intl.formatMessage({ id: 'employeePortal.lastName' })}
                  autoComplete="family-name"
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  name="email"
                  label={intl.formatMessage({ id: 'employeePortal.email' })}
                  type="email"
                  autoComplete="email"
                />
                <TextField
                  name="phone"
                  label={intl.formatMessage({ id: 'employeePortal.phone' })}
                  type="tel"
                  autoComplete="tel"
                />
              </div>
            </fieldset>
            <fieldset className="flex flex-col gap-4">
              <legend className="mb-3 text-base font-semibold text-stone-900">
                {intl.formatMessage({ id: 'employeePortal.professionalInformation' })}
              </legend>
              <TextareaField
                name="bio"
                label={intl.formatMessage({ id: 'employeePortal.aboutYou' })}
                placeholder={intl.formatMessage({ id: 'employeePortal.aboutYouPlaceholder' })}
              />
              <TextareaField
                name="experience"
                label={intl.formatMessage({ id: 'employeePortal.experience' })}
                placeholder={intl.formatMessage({ id: 'employeePortal.experiencePlaceholder' })}
              />
              <TextField
                name="specialties"
                label={intl.formatMessage({ id: 'employeePortal.specialties' })}
                placeholder={intl.formatMessage({ id: 'employeePortal.specialtiesPlaceholder' })}
              />
            </fieldset>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Link to="/" className={buttonClass('outline', 'md')}>
                {intl.formatMessage({ id: 'app.cancel' })}
              </Link>
              <Button type="submit" disabled={register.isPending}>
                {intl.formatMessage({
                  id: register.isPending ? 'employeePortal.submitting' : 'employeePortal.submitApplication',
                })}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </PortalCardPage>
  );
}
