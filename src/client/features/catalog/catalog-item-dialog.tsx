import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { catalogLimits } from '../../../shared/catalog';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Form, FormCheckbox, FormField } from '../../components/ui/form';
import { Input, Textarea } from '../../components/ui/input';
import type { CatalogKind } from './catalog-api';

/**
 * The create and edit dialog of the admin catalogue: the shared fields, with the page's own field beside the price
 * (`beside`) and any more below the flags (`children`). The form is the page's, validated by its shared schema, so
 * the dialog shows the server's own messages; `onSubmit` gets the parsed values.
 */
export function CatalogItemDialog<TIn extends FieldValues, TOut extends FieldValues>({
  kind,
  singular,
  item,
  addText,
  form,
  onSubmit,
  pending,
  canFeature,
  onClose,
  beside,
  children,
}: {
  kind: CatalogKind;
  singular: string;
  /** The item being edited; null to create one. */
  item: { id: string; name: string } | null;
  /** The description when creating. */
  addText: string;
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: (values: TOut) => void;
  pending: boolean;
  canFeature: boolean;
  onClose: () => void;
  beside: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={item ? `Edit ${singular}` : `Add ${singular}`}
      description={item ? `Change the details of ${item.name}.` : addText}
    >
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormField name="name" label="Name">
          {({ field, ids }) => <Input {...field} {...ids} maxLength={catalogLimits.nameMax} required />}
        </FormField>
        <FormField name="description" label="Description">
          {({ field, ids }) => <Textarea {...field} {...ids} maxLength={catalogLimits.descriptionMax} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="price" label="Price ($)">
            {({ field, ids }) => (
              <Input {...field} {...ids} type="number" inputMode="decimal" step="0.01" min="0" required />
            )}
          </FormField>
          {beside}
        </div>
        <FormField name="category" label="Category">
          {({ field, ids }) => <Input {...field} {...ids} maxLength={catalogLimits.categoryMax} />}
        </FormField>
        <FormField name="imageUrl" label="Image URL">
          {({ field, ids }) => <Input {...field} {...ids} type="url" placeholder="https://" />}
        </FormField>
        <div className="flex flex-wrap gap-6">
          <FormCheckbox
            name="isFeatured"
            label="Featured"
            disabled={!canFeature}
            hint={canFeature ? undefined : `Needs the ${kind}.featured permission`}
          />
          <FormCheckbox name="isActive" label="Active" />
        </div>
        {children}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : item ? 'Save Changes' : `Create ${singular}`}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
