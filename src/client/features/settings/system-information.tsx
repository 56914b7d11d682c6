import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

const APP_VERSION = 'v1.0.0';

/**
 * The installation's parts: a value is a product's name (marked not to be translated), or words (a message id)
 * when it says how a part stands.
 */
const systemBadges = [
  ['database', { name: 'PostgreSQL' }],
  ['signIn', { name: 'OpenID Connect' }],
  ['cardPayments', { id: 'settings.inDevelopment' }],
  ['rateLimiting', { id: 'settings.enabled' }],
  ['sessions', { id: 'settings.secureCookies' }],
  ['api', { name: 'REST + OpenAPI' }],
] as const satisfies readonly (readonly [string, { name: string } | { id: MessageId }])[];

/** The System Information card of /admin/settings: read-only facts about the installation. */
export function SystemInformation() {
  const intl = useIntl();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="settings.system" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="settings.systemText" />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <dt className="text-stone-600">
            <FormattedMessage id="settings.version" />
          </dt>
          <dd className="font-medium" data-testid="app-version" translate="no">
            {APP_VERSION}
          </dd>
        </dl>
        <div>
          <h3 className="mb-2 text-sm font-medium text-stone-800">
            <FormattedMessage id="settings.advanced" />
          </h3>
          <ul className="flex flex-wrap gap-2">
            {systemBadges.map(([name, value]) => (
              <li key={name}>
                <Badge tone={'id' in value && value.id === 'settings.inDevelopment' ? 'accent' : 'brand'}>
                  {/* One span: in the badge's flex box, the space after the colon would end a flex item and go. */}
                  <span>
                    <FormattedMessage
                      id="settings.badge"
                      values={{
                        name: intl.formatMessage({ id: 'settings.systemName' }, { name }),
                        value:
                          'id' in value ? (
                            intl.formatMessage({ id: value.id })
                          ) : (
                            <span translate="no">{value.name}</span>
                          ),
                      }}
                    />
                  </span>
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
