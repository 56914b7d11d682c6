import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { catalogLimits } from '../../../shared/catalog';
import type { MessageId } from '../../../shared/i18n/en';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { CheckboxField, Form, TextareaField, TextField } from '../../components/ui/form';
import { useCurrencySign } from '../../lib/money';
import type { CatalogKind } from './catalog-api';
import { kindTexts } from './catalog-texts';

/**
 * The create and edit dialog of the admin catalogue: the shared fields, with the page's own field beside the price
 * (`beside`) and any more below the flags (`children`). The form is the page's, validated by its shared schema, so
 * the dialog shows the server's own messages; `onSubmit` gets the parsed values.
 */
export function CatalogItemDialog<TIn extends FieldValues, TOut extends FieldValues>({
  kind,
  item,
  form,
  onSubmit,
  pending,
  canFeature,
  onClose,
  beside,
  children,
}: {
  kind: CatalogKind;
  /** The item being edited; null to create one. */
  item: { id: string; name: string } | null;
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: (values: TOut) => void;
  pending: boolean;
  canFeature: boolean;
  onClose: () => void;
  beside: ReactNode;
  children?: ReactNode;
}) {
  const intl = useIntl();
  const currency = useCurrencySign();
  const texts = kindTexts[kind];
  const say = (id: MessageId) => intl.formatMessage({ id });
  return (
    <Dialog
      open
      onClose={onClose}
      title={say(item ? texts.edit : texts.add)}
      description={item ? intl.formatMessage({ id: 'catalog.changeDetails' }, { name: item.name }) : say(texts.addText)}
    >
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField name="name" label={say('catalog.name')} maxLength={catalogLimits.nameMax} required />
        <TextareaField name="description" label={say('catalog.description')} maxLength={catalogLimits.descriptionMax} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="price"
            label={intl.formatMessage({ id: 'catalog.price' }, { currency })}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            required
          />
          {beside}
        </div>
        <TextField name="category" label={say('catalog.category')} maxLength={catalogLimits.categoryMax} />
        <TextField name="imageUrl" label={say('catalog.imageUrl')} type="url" placeholder="https://" />
        <div className="flex flex-wrap gap-6">
          <CheckboxField
            name="isFeatured"
            label={say('catalog.featured')}
            disabled={!canFeature}
            hint={
              canFeature
                ? undefined
                : intl.formatMessage({ id: 'catalog.needsPermission' }, { permission: `${kind}.featured` })
            }
          />
          <CheckboxField name="isActive" label={say('catalog.active')} />
        </div>
        {children}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            <FormattedMessage id="catalog.cancel" />
          </Button>
          <Button type="submit" disabled={pending}>
            <FormattedMessage id={pending ? 'catalog.saving' : item ? 'catalog.save' : texts.create} />
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
