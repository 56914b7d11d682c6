import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import {
  Controller,
  FormProvider,
  useForm,
  useFormContext,
  type ControllerRenderProps,
  type DefaultValues,
  type FieldValues,
  type Mode,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '../../lib/cn';
import { useSentence } from '../../lib/i18n';
import { Checkbox } from './checkbox';
import { Input, Textarea } from './input';
import { Select, type SelectOption } from './select';

type AnyZod = z.ZodType<FieldValues, FieldValues>;

/**
 * A react-hook-form form validated by the shared zod schema of the request it sends, so the limits and the
 * messages are the server's. Values are the schema's input; onSubmit receives the parsed output.
 *
 * `schema` may also be a function importing it, for a form that shows as its page loads (the shop's gift card
 * section): zod's code, whose first run is a long task on a phone, then runs when the form is first validated
 * (or when the form calls the function earlier, on focus), not while the page is loading.
 */
export function useZodForm<S extends AnyZod>(
  schema: S | (() => Promise<S>),
  options: { defaultValues: DefaultValues<z.input<S>>; mode?: Mode },
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const [imported] = useState(() => (typeof schema === 'function' ? resolverImporting(schema) : undefined));
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: imported ?? (zodResolver(schema as S as never) as never),
    defaultValues: options.defaultValues,
    mode: options.mode ?? 'onSubmit',
  });
}

/** A resolver that imports its schema when it first validates; a failed import is tried again the next time. */
function resolverImporting<S extends AnyZod>(load: () => Promise<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  let resolver: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    resolver ??= load().then(
      (schema) => zodResolver(schema as never) as never,
      (error: unknown) => {
        resolver = undefined;
        throw error;
      },
    );
    return (await resolver)(values, context, options);
  };
}

/** `<form noValidate>` with the form in context for its FormFields; onSubmit runs only with valid values. */
export function Form<TIn extends FieldValues, TOut extends FieldValues>({
  form,
  onSubmit,
  className,
  children,
  ...props
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: (values: TOut) => unknown;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  id?: string;
  onFocus?: () => void;
}) {
  return (
    <FormProvider {...form}>
      <form noValidate className={className} onSubmit={form.handleSubmit(onSubmit)} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

/** What ties a control to its label and its message, for screen readers. Spread onto the control. */
export interface FieldIds {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * One labelled field of the surrounding Form, by path (`email`, `slots.2.startTime`), with that field's validation
 * message under it. The render prop gets react-hook-form's field (value, onChange, onBlur, name, ref) and the ids.
 */
export function FormField({
  name,
  label,
  hint,
  className,
  children,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: (props: { field: ControllerRenderProps<FieldValues, string>; ids: FieldIds }) => ReactNode;
}) {
  const { control } = useFormContext();
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FieldFrame id={id} label={label} hint={hint} error={fieldState.error?.message} className={className}>
          {(ids) => children({ field, ids })}
        </FieldFrame>
      )}
    />
  );
}

function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (ids: FieldIds) => ReactNode;
}) {
  const messageId = `${id}-message`;
  const say = useSentence();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? messageId : undefined,
      })}
      {error ? (
        <p id={messageId} className="text-sm text-red-600" role="alert">
          {/* The schema's English sentence, or the server's message (already in the page's language). */}
          {say(error)}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** What every field of a Form takes: its path in the form's values, its label, a hint under it. */
interface FieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}

type Native<A> = Omit<A, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'id' | 'className'>;

/** A text input bound to a field of the surrounding Form (`type` may be email, number, date, url, password…). */
export function TextField({
  name,
  label,
  hint,
  className,
  inputClassName,
  ...input
}: FieldProps & Native<InputHTMLAttributes<HTMLInputElement>> & { inputClassName?: string }) {
  return (
    <FormField name={name} label={label} hint={hint} className={className}>
      {({ field, ids }) => (
        <Input {...input} {...field} value={field.value ?? ''} {...ids} className={inputClassName} />
      )}
    </FormField>
  );
}

/** A multi-line text bound to a field of the surrounding Form. */
export function TextareaField({
  name,
  label,
  hint,
  className,
  ...textarea
}: FieldProps & Native<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <FormField name={name} label={label} hint={hint} className={className}>
      {({ field, ids }) => <Textarea {...textarea} {...field} value={field.value ?? ''} {...ids} />}
    </FormField>
  );
}

/** One choice from a list, bound to a string field of the surrounding Form. */
export function SelectField({
  name,
  label,
  hint,
  className,
  options,
  placeholder,
  disabled,
}: FieldProps & { options: readonly SelectOption[]; placeholder?: string; disabled?: boolean }) {
  return (
    <FormField name={name} label={label} hint={hint} className={className}>
      {({ field, ids }) => (
        <Select
          {...ids}
          name={field.name}
          value={field.value ?? ''}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          options={options}
          placeholder={placeholder}
          disabled={disabled}
        />
      )}
    </FormField>
  );
}

/** A checkbox bound to a boolean field of the surrounding Form, its label after the box. */
export function CheckboxField({
  name,
  label,
  hint,
  disabled,
}: {
  name: string;
  label: ReactNode;
  hint?: string;
  disabled?: boolean;
}) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          label={label}
          checked={Boolean(field.value)}
          disabled={disabled}
          hint={hint}
          onChange={field.onChange}
        />
      )}
    />
  );
}
