import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { catalogLimits } from '../../../shared/catalog';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Textarea } from '../../components/ui/form';
import type { CatalogKind } from './catalog-api';
import { validate, type FieldErrors } from './catalog-form';
import { Checkbox } from './checkbox';

/** The fields the product and the service dialogs share, as the inputs hold them. */
export interface CatalogFormFields {
  name: string;
  description: string;
  price: string;
  category: string;
  imageUrl: string;
  isFeatured: boolean;
  isActive: boolean;
}

type SetField<F> = <K extends keyof F>(key: K) => (value: F[K]) => void;

/** A catalogue dialog's values and its messages per field. */
export function useCatalogForm<F extends CatalogFormFields>(initial: F) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set: SetField<F> = (key) => (value) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A corrected field stops showing its old message.
    setErrors((e) => (e[key as string] ? { ...e, [key]: undefined } : e));
  };
  return { form, setForm, errors, setErrors, set };
}

type Mutation<Input> = { mutate: (input: Input) => void; isPending: boolean };

/**
 * The create and edit dialog of the admin catalogue: the shared fields, with the page's own field beside
 * the price (`beside`) and any more below the flags (`children`). On submit, `body` is checked with the
 * server's `schema` (the same messages as the server's, docs/catalogue.md), then created or updated.
 */
export function CatalogItemDialog<F extends CatalogFormFields, B>({
  kind,
  singular,
  item,
  addText,
  fields: { form, errors, setErrors, set },
  schema,
  body,
  create,
  update,
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
  fields: ReturnType<typeof useCatalogForm<F>>;
  schema: z.ZodType;
  /** What is sent: the form's own values (not the parsed ones), which the server validates again. */
  body: B;
  create: Mutation<NoInfer<B>>;
  update: Mutation<NoInfer<B> & { id: string }>;
  canFeature: boolean;
  onClose: () => void;
  beside: ReactNode;
  children?: ReactNode;
}) {
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(schema, body);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (item) update.mutate({ id: item.id, ...body });
    else create.mutate(body);
  }

  return (
    <Dialog open onClose={onClose} title={item ? `Edit ${singular}` : `Add ${singular}`} description={item ? `Change the details of ${item.name}.` : addText}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Name" error={errors.name}>
          {(ids) => <Input {...ids} name="name" value={form.name} maxLength={catalogLimits.nameMax} required onChange={(e) => set('name')(e.target.value)} />}
        </Field>
        <Field label="Description" error={errors.description}>
          {(ids) => <Textarea {...ids} name="description" value={form.description} maxLength={catalogLimits.descriptionMax} onChange={(e) => set('description')(e.target.value)} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Price ($)" error={errors.price}>
            {(ids) => <Input {...ids} name="price" type="number" inputMode="decimal" step="0.01" min="0" required value={form.price} onChange={(e) => set('price')(e.target.value)} />}
          </Field>
          {beside}
        </div>
        <Field label="Category" error={errors.category}>
          {(ids) => <Input {...ids} name="category" value={form.category} maxLength={catalogLimits.categoryMax} onChange={(e) => set('category')(e.target.value)} />}
        </Field>
        <Field label="Image URL" error={errors.imageUrl}>
          {(ids) => <Input {...ids} name="imageUrl" type="url" placeholder="https://" value={form.imageUrl} onChange={(e) => set('imageUrl')(e.target.value)} />}
        </Field>
        <div className="flex flex-wrap gap-6">
          <Checkbox label="Featured" checked={form.isFeatured} disabled={!canFeature} hint={canFeature ? undefined : `Needs the ${kind}.featured permission`} onChange={set('isFeatured')} />
          <Checkbox label="Active" checked={form.isActive} onChange={set('isActive')} />
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
      </form>
    </Dialog>
  );
}
