export const statusTone = (status: string) =>
  status === 'completed'
    ? 'success'
    : status === 'cancelled' || status === 'no_show'
      ? 'danger'
      : status === 'confirmed' || status === 'processing'
        ? 'secondary'
        : 'accent';
