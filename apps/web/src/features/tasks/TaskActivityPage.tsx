export function TaskActivityPage() {
  return null;
}
