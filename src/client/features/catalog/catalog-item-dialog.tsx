import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { catalogLimits } from '../../../shared/catalog';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { CheckboxField, Form, TextareaField, TextField } from '../../components/ui/form';
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
        <TextField name="name" label="Name" maxLength={catalogLimits.nameMax} required />
        <TextareaField name="description" label="Description" maxLength={catalogLimits.descriptionMax} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="price" label="Price ($)" type="number" inputMode="decimal" step="0.01" min="0" required />
          {beside}
        </div>
        <TextField name="category" label="Category" maxLength={catalogLimits.categoryMax} />
        <TextField name="imageUrl" label="Image URL" type="url" placeholder="https://" />
        <div className="flex flex-wrap gap-6">
          <CheckboxField
            name="isFeatured"
            label="Featured"
            disabled={!canFeature}
            hint={canFeature ? undefined : `Needs the ${kind}.featured permission`}
          />
          <CheckboxField name="isActive" label="Active" />
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
