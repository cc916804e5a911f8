/** "Associate (6 months)", "Bespoke". */
export function planLabel(plan: string, duration: number | null): string {
  return duration === null ? plan : `${plan} (${duration} ${duration === 1 ? 'month' : 'months'})`;
}

/** Days left of a plan: "12 days left", "No end date". */
export function validityLabel(days: number | null): string {
  if (days === null) return 'No end date';
  if (days === 0) return 'Expired';
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}
