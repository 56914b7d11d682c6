export const statusTone = (status: string) =>
  status === 'completed'
    ? 'success'
    : status === 'cancelled'
      ? 'danger'
      : status === 'confirmed' || status === 'processing'
        ? 'secondary'
        : 'accent';
